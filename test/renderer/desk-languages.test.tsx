// @vitest-environment happy-dom
// The packing desk's screens (Pack, Dispatch, Print) in English and in Hindi over a real app
// station: the screen's own words, the station's answers (opened, a wrong item, a serial asked
// for, a refusal to dispatch) and numbers, in the desk's language, switched without a reload.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useAppStore } from '../../renderer/src/stores/app-store.js';
import type { TestAppStation } from '../support/app-station.js';
import type { TestSandbox } from '../support/sandbox.js';
import { createShipments, packByApi, renderApp, statusSays, statusText, useAppStation } from './app-harness.js';

let sb: TestSandbox;
let app: TestAppStation;
const session = useAppStation({ scan: { debounceMs: 100 } });
beforeAll(async () => {
  ({ sb, app } = session);
});
afterEach(async () => {
  await app.api.invoke('desk.putAside', {});
  await app.api.invoke('settings.update', { language: 'en' });
  act(() => useAppStore.getState().setSettings(app.context.settings.get()));
});

async function deskLanguage(id: string) {
  const saved = await app.api.invoke('settings.update', { language: id });
  act(() => useAppStore.getState().setSettings(saved));
}

describe('the desk in English and in Hindi', () => {
  it('Pack: the screen and the station’s answers switch language in place', async () => {
    const [id] = await createShipments(sb, 1, 'serialized');
    const item = sb.world.shipments.get(id!)!.orderItems[0]!;
    const { user } = renderApp(app.api, 'pack');
    const field = () => screen.getByLabelText(/^(Scan|स्कैन)$/) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(field()));
    expect(field().placeholder).toBe('Scan a shipment label, order id or product');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pack');

    await deskLanguage('hi');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('पैक'));
    expect(field().placeholder).toBe('शिपमेंट लेबल, ऑर्डर नंबर या सामान स्कैन करें');
    expect(screen.getByRole('complementary', { name: 'शॉर्टकट' }).textContent).toContain('पिछला स्कैन वापस');

    await user.keyboard(`${id}{Enter}`);
    await statusSays(new RegExp(`^शिपमेंट ${id} खुल गया: इसका पीस स्कैन करें।$`));
    const units = await screen.findByRole('list', { name: 'पीस' }, { timeout: 10_000 });
    expect(within(units).getByText('1 में से 0 जाँचे')).toBeTruthy();
    expect(screen.getByRole('heading', { name: `शिपमेंट ${id}: 1 में से 0 पीस जाँचा गया` })).toBeTruthy();

    await user.keyboard('NOT-IN-THIS-BOX-42{Enter}');
    await statusSays(/^गलत सामान: NOT-IN-THIS-BOX-42 शिपमेंट .* में नहीं है। इसे वापस रखें और सही सामान स्कैन करें।$/);

    await user.keyboard(`${item.sku}{Enter}`);
    await statusSays(/अब इसका IMEI स्कैन करें।$/);
    await waitFor(() => expect(field().placeholder).toBe(`${item.title} का IMEI स्कैन करें`));
    expect(screen.getByRole('button', { name: /^पिछला स्कैन वापस \(Ctrl\+Z\): .* का 1 पीस$/ })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field()));
    await user.keyboard('12345{Enter}');
    await statusSays(/^12345 IMEI नहीं है: IMEI में 15 अंक होते हैं, इसमें 5 हैं। बॉक्स के लेबल पर IMEI लिखा बारकोड स्कैन करें।$/);

    // Back to English: the same state, said in English, nothing lost.
    await deskLanguage('en');
    await waitFor(() => expect(field().placeholder).toBe(`Scan the IMEI of ${item.title}`));
    expect(screen.getByRole('heading', { name: `Shipment ${id}: 1 of 1 unit verified` })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Undo last scan (Ctrl+Z): 1 unit of ${item.title}` })).toBeTruthy();
    await user.keyboard('{Escape}');
    await statusSays(new RegExp(`^Shipment ${id} put aside\\. Scan the next shipment\\.$`));
    expect(statusText()).not.toMatch(/[\u0900-\u097f]/);
  });

  it('Dispatch: headings, fields and the station’s refusal in Hindi', async () => {
    const [id] = await createShipments(sb, 1);
    const { user } = renderApp(app.api, 'dispatch');
    await screen.findByRole('heading', { level: 1, name: 'Dispatch & handover' });
    await deskLanguage('hi');
    await screen.findByRole('heading', { level: 1, name: 'डिस्पैच और हैंडओवर' });
    expect(screen.getByRole('heading', { name: 'कूरियर को हैंडओवर' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'स्कैन-आउट जाँच शुरू करें' })).toBeTruthy();
    await user.type(screen.getByLabelText('डिस्पैच के लिए तैयार करना है: शिपमेंट'), `${id}{Enter}`);
    await statusSays(new RegExp(`^${id} अभी पैक नहीं हुआ। पहले डेस्क पर पैक करें।$`));
    const results = await screen.findByRole('list', { name: 'डिस्पैच नतीजे' });
    expect(results.textContent).toBe(`✗ ${id}: ${id} अभी पैक नहीं हुआ। पहले डेस्क पर पैक करें।`);
    expect(sb.world.shipments.get(id!)!.orderItems[0]!.status).toBe('APPROVED');
    // The result list says it again in English when the desk switches back.
    await deskLanguage('en');
    await waitFor(() => expect(screen.getByRole('list', { name: 'Dispatch results' }).textContent).toBe(`✗ ${id}: ${id} is not packed yet. Pack it at the desk first.`));
  });

  it('Print: the screen in Hindi, with the station’s refusal of a reprint in Hindi', async () => {
    const [id] = await createShipments(sb, 1);
    const { user } = renderApp(app.api, 'print');
    await screen.findByLabelText('Shipment id');
    await deskLanguage('hi');
    await user.type(await screen.findByLabelText('शिपमेंट नंबर'), id!);
    await user.click(screen.getByRole('button', { name: 'लेबल दोबारा छापें' }));
    await statusSays(new RegExp(`शिपमेंट ${id} अभी .* है: लेबल दोबारा सिर्फ़ पैक शिपमेंट का छपता है। पहले डेस्क पर पैक करें।`));
    expect(statusText()).not.toMatch(/Pack it at the desk first/);
  });

  it('Pack: a label the marketplace is slow with waits in the desk’s language, counting seconds, then says where it printed', async () => {
    const before = sb.world.labelDelayMs;
    // The marketplace takes a few seconds to make each label (spec § Limits: usually seconds).
    sb.world.labelDelayMs = 2_500;
    try {
      renderApp(app.api, 'pack');
      await screen.findByRole('heading', { level: 1, name: 'Pack' });
      for (const [language, waiting, printed] of [
        ['hi', /^पैक हो गया। लेबल का इंतज़ार… [1-9]\d* सेकंड$/, /^लेबल .+ पर प्रिंट हुआ।/],
        ['en', /^Packed\. Waiting for the label… [1-9]\d* s$/, /^Label printed on .+\./],
      ] as const) {
        await deskLanguage(language);
        await screen.findByRole('heading', { level: 1, name: language === 'hi' ? 'पैक' : 'Pack' });
        const [id] = await createShipments(sb, 1);
        await packByApi(app, sb, id!);
        const jobs = await screen.findByRole('list', { name: language === 'hi' ? 'लेबल' : 'Labels' }, { timeout: 10_000 });
        const row = () => within(jobs).getByText(id!).closest('li')!;
        await waitFor(() => expect(row().querySelector('.job-text')!.textContent).toMatch(waiting), { timeout: 10_000 });
        expect(row().querySelector('.job-status')!.textContent).toBe(language === 'hi' ? 'लेबल का इंतज़ार' : 'Waiting for label');
        // Not before the marketplace has the label: still PACKED-with-no-document or just made.
        await waitFor(() => expect(row().querySelector('.job-text')!.textContent).toMatch(printed), { timeout: 20_000 });
        expect(sb.world.shipments.get(id!)!.orderItems[0]!.status).not.toBe('APPROVED');
        if (language === 'hi') expect(row().textContent).not.toMatch(/Waiting|Label|printed/);
      }
    } finally {
      sb.world.labelDelayMs = before;
    }
  });

  it('Pack: a weight the marketplace warns about holds the shipment in the Labels list with what to do, not “Failed”; Enter again packs it', async () => {
    const { user } = renderApp(app.api, 'pack');
    await screen.findByRole('heading', { level: 1, name: 'Pack' });
    for (const [language, held, action, failed] of [
      ['hi', 'रुका है: वज़न और नाप जाँचें', 'फिर भी पैक करने के लिए दोबारा Enter दबाएँ', 'नहीं हुआ'],
      ['en', 'Held: check weight and size', 'Press Enter again to pack anyway; weigh or measure again if a reading was wrong.', 'Failed'],
    ] as const) {
      await deskLanguage(language);
      await screen.findByRole('heading', { level: 1, name: language === 'hi' ? 'पैक' : 'Pack' });
      const [id] = await createShipments(sb, 1);
      const shipment = () => sb.world.shipments.get(id!)!;
      await app.api.invoke('desk.scan', { raw: id!, source: 'serial' });
      for (const item of shipment().orderItems) for (let n = 0; n < item.quantity; n++) await app.api.invoke('desk.scan', { raw: item.sku, source: 'serial' });
      // Fifteen times the listed weight: the marketplace warns (spec § Errors WEIGHT_ANOMALY_WARNING).
      const listed = shipment().subShipments[0]!.packages.reduce((kg, p) => kg + p.dimensions.weight * p.quantity, 0);
      await app.api.invoke('desk.measure', { dimensions: { length: 20, breadth: 15, height: 10 }, weightKg: Math.round(listed * 15 * 100) / 100, source: 'typed' });
      await app.api.invoke('desk.pack', {});
      const jobs = await screen.findByRole('list', { name: language === 'hi' ? 'लेबल' : 'Labels' }, { timeout: 10_000 });
      const row = () => within(jobs).getByText(id!).closest('li')!;
      await waitFor(() => expect(row().querySelector('.job-status')!.textContent).toBe(held));
      expect(row().querySelector('.job-text')!.textContent).toContain(action);
      expect(row().textContent).not.toContain(failed);
      if (language === 'hi') expect(row().textContent!.replace(id!, '').replace(/\bEnter\b/g, '')).not.toMatch(/[A-Za-z]{3,}/);
      expect(shipment().pack).toBeUndefined();

      // The action it names: Enter again on the same readings packs at the marketplace.
      await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(language === 'hi' ? 'स्कैन' : 'Scan')));
      await user.keyboard('{Enter}');
      await waitFor(() => expect(shipment().pack).toBeDefined(), { timeout: 10_000 });
      await waitFor(() => expect(row().querySelector('.job-status')!.textContent).not.toBe(held));
    }
  });
});
