// @vitest-environment happy-dom
// A wave at the Pack screen in Hindi and in English over a real app station and sandbox: the
// preview's and the summary's reasons for what the wave leaves out (the summary gives the
// preview's reason, such as a packer needed for an IMEI, not "not in the confirmed wave"), and every progress sentence
// the station sends while it runs, are said in the desk's language from their catalogue keys,
// while the station keeps its English words for logs and the command line.
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PayloadOf } from '../../shared/contract.js';
import { i18n } from '../../renderer/src/i18n/i18n.js';
import { saidWords } from '../../renderer/src/i18n/said-words.js';
import { useAppStore } from '../../renderer/src/stores/app-store.js';
import type { TestAppStation } from '../support/app-station.js';
import type { TestSandbox } from '../support/sandbox.js';
import { order, wavePackableProducts } from '../support/wave-fixtures.js';
import { renderApp, useAppStation } from './app-harness.js';

let sb: TestSandbox;
let app: TestAppStation;
const session = useAppStation({ rtdPolicy: 'endOfWave' });
beforeAll(async () => {
  ({ sb, app } = session);
});

const DEVANAGARI = /[\u0900-\u097f]/;

async function deskLanguage(id: string) {
  const saved = await app.api.invoke('settings.update', { language: id });
  act(() => useAppStore.getState().setSettings(saved));
}

/** Runs a wave of the desk's location from the keyboard (Alt+W, Enter, Ctrl+Enter); the progress events it sent. */
async function waveByKeyboard(user: ReturnType<typeof renderApp>['user'], dialogName: RegExp): Promise<PayloadOf<'wave.progress'>[]> {
  const progress: PayloadOf<'wave.progress'>[] = [];
  const off = app.api.subscribe('wave.progress', (p) => progress.push(p));
  try {
    await user.keyboard('{Alt>}w{/Alt}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: dialogName }, { timeout: 15_000 });
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.querySelector('.wave-summary')).not.toBeNull(), { timeout: 30_000 });
    expect(dialog).toBeTruthy();
    return progress;
  } finally {
    off();
  }
}

describe('a wave in the desk’s language', () => {
  it('in Hindi: the preview, the progress and the summary say why a shipment is left out and how far the wave got, in Hindi', async () => {
    const location = sb.info.locations[0]!;
    const [product] = wavePackableProducts(sb, location);
    const [packable] = await order(sb, { locationId: location, lines: [{ sku: product!.sku, quantity: 1 }] });
    const [held] = await order(sb, { locationId: location, kind: 'hold' });
    await deskLanguage('hi');
    const { user } = renderApp(app.api, 'pack');
    await screen.findByRole('heading', { level: 1, name: 'पैक' });

    const progress = await waveByKeyboard(user, /पर वेव:/);
    // At the marketplace: the packable shipment is packed, the held one untouched.
    expect(sb.world.shipments.get(packable!)!.orderItems.every((i) => i.status !== 'APPROVED')).toBe(true);
    expect(sb.world.shipments.get(held!)!.orderItems.every((i) => i.status === 'APPROVED')).toBe(true);

    // Every progress step came as keys; said in Hindi, no English word is left.
    expect(progress.map((p) => p.step)).toEqual(expect.arrayContaining(['found', 'packed', 'labels']));
    for (const p of progress) {
      expect(p.sentences?.length).toBeGreaterThan(0);
      const words = saidWords(p);
      expect(words).toMatch(DEVANAGARI);
      expect(words).not.toMatch(/Found|Packed|Labels|Sent|waiting/);
    }
    expect(saidWords(progress.find((p) => p.step === 'packed')!)).toMatch(/^\d+ में से \d+ पैक हुए।$/);
    // The English stays with the event for logs.
    expect(progress.find((p) => p.step === 'packed')!.text).toMatch(/^Packed \d+ of \d+\.$/);

    const summary = document.querySelector<HTMLElement>('.wave-summary')!;
    const heldLine = within(summary).getByText((_, el) => el?.tagName === 'LI' && el.textContent!.startsWith(`${held}:`));
    expect(heldLine.textContent).toBe(`${held}: मार्केटप्लेस ने रोका है: रोक हटने तक पैक नहीं हो सकता।`);
    expect(summary.textContent).not.toMatch(/On hold by the marketplace/);

    // Back to English: the same summary in English, from the same keys.
    await deskLanguage('en');
    await waitFor(() => expect(heldLine.textContent).toBe(`${held}: On hold by the marketplace: it cannot be packed until the hold is released.`));
    expect(i18n.language).toBe('en');
  });

  it('in English: the progress sentences read as the station’s own English', async () => {
    const location = sb.info.locations[0]!;
    const [product] = wavePackableProducts(sb, location);
    await order(sb, { locationId: location, count: 2, lines: [{ sku: product!.sku, quantity: 1 }] });
    await deskLanguage('en');
    const { user } = renderApp(app.api, 'pack');
    await screen.findByRole('heading', { level: 1, name: 'Pack' });
    const progress = await waveByKeyboard(user, /^Wave at/);
    expect(progress.length).toBeGreaterThan(0);
    for (const p of progress) expect(saidWords(p)).toBe(p.text);
    expect(progress.map((p) => p.text)).toContainEqual(expect.stringMatching(/^Found \d+ approved shipments\.$/));
  });

  it('the summary says a shipment the preview left out needs a packer and why, not “not in the confirmed wave”, in both languages', async () => {
    const location = sb.info.locations[0]!;
    const [product] = wavePackableProducts(sb, location);
    const [packable] = await order(sb, { locationId: location, lines: [{ sku: product!.sku, quantity: 1 }] });
    const [phone] = await order(sb, { locationId: location, kind: 'serialized' });
    const title = sb.world.shipments.get(phone!)!.orderItems[0]!.title;
    await deskLanguage('en');
    const { user } = renderApp(app.api, 'pack');
    await screen.findByRole('heading', { level: 1, name: 'Pack' });
    await user.keyboard('{Alt>}w{/Alt}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: /^Wave at/ }, { timeout: 15_000 });
    expect(dialog.textContent).toContain(`${phone}: Needs the packer: ${title} requires IMEI/serial capture at the desk.`);
    // Approved after the preview: the wave leaves it out, since the packer did not confirm it.
    const [late] = await order(sb, { locationId: location, lines: [{ sku: product!.sku, quantity: 1 }] });
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(document.querySelector('.wave-summary')).not.toBeNull(), { timeout: 30_000 });
    expect(sb.world.shipments.get(packable!)!.orderItems.every((i) => i.status !== 'APPROVED')).toBe(true);
    for (const id of [phone, late]) expect(sb.world.shipments.get(id!)!.orderItems.every((i) => i.status === 'APPROVED')).toBe(true);

    const summary = document.querySelector<HTMLElement>('.wave-summary')!;
    const line = (id: string) => within(summary).getByText((_, el) => el?.tagName === 'LI' && el.textContent!.startsWith(`${id}:`));
    expect(line(phone!).textContent).toBe(`${phone}: Needs the packer: ${title} requires IMEI/serial capture at the desk.`);
    expect(line(late!).textContent).toBe(`${late}: Not in the confirmed wave (it became ready after the preview); run another wave for it.`);
    await deskLanguage('hi');
    await waitFor(() => expect(line(phone!).textContent).toBe(`${phone}: पैकर चाहिए: ${title} का IMEI/सीरियल डेस्क पर स्कैन होना है।`));
    expect(line(late!).textContent).toBe(`${late}: पक्की की गई वेव में नहीं है (प्रीव्यू के बाद तैयार हुआ); इसके लिए दूसरी वेव चलाएँ।`);
    await deskLanguage('en');
  });
});
