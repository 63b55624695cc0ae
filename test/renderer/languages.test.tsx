// @vitest-environment happy-dom
// The converted screens in English and in Hindi over a real app station: the desk's language is
// chosen in Setup, saved with the settings, and the whole app follows at once with no reload;
// the Queue, Print and the header read in the chosen language, numbers and times through Intl
// (IST), and a refusal from the station is said in the desk's language from its key.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '../../renderer/src/i18n/i18n.js';
import { useAppStore } from '../../renderer/src/stores/app-store.js';
import type { TestAppStation } from '../support/app-station.js';
import type { TestSandbox } from '../support/sandbox.js';
import { createShipments, renderApp, statusSays, statusText, useAppStation } from './app-harness.js';

let sb: TestSandbox;
let app: TestAppStation;
const session = useAppStation();
beforeAll(async () => {
  ({ sb, app } = session);
});
afterEach(async () => {
  await app.api.invoke('settings.update', { language: 'en' });
  useAppStore.getState().setSettings(await app.api.invoke('settings.get', {}));
});

async function deskLanguage(id: string) {
  const saved = await app.api.invoke('settings.update', { language: id });
  act(() => useAppStore.getState().setSettings(saved));
}

describe('languages', () => {
  it('Setup switches the desk to Hindi at once, saved with the settings, and back to English', async () => {
    const { user } = renderApp(app.api, 'setup');
    const nav = screen.getByRole('navigation', { name: 'Screens' });
    expect(within(nav).getByRole('button', { name: /^Queue/ })).toBeTruthy();
    await user.selectOptions(await screen.findByLabelText('Language of this desk'), 'hi');
    // No reload: the header, the navigation and the screen change in place.
    const navHi = await screen.findByRole('navigation', { name: 'स्क्रीन' });
    expect(within(navHi).getByRole('button', { name: /^कतार/ })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('सेटअप');
    expect(await screen.findByText('भाषा बदल गई।')).toBeTruthy();
    expect(document.documentElement.lang).toBe('hi');
    // Saved by the station: a restart starts in Hindi.
    expect((await app.api.invoke('settings.get', {})).language).toBe('hi');
    expect(app.context.settings.get().language).toBe('hi');
    await user.selectOptions(screen.getByLabelText('इस डेस्क की भाषा'), 'en');
    await screen.findByRole('navigation', { name: 'Screens' });
    expect(i18n.language).toBe('en');
  });

  it('a settings change made elsewhere (another window, the command line) switches the language too', async () => {
    renderApp(app.api, 'pack');
    await screen.findByRole('navigation', { name: 'Screens' });
    await app.api.invoke('settings.update', { language: 'hi' });
    await screen.findByRole('navigation', { name: 'स्क्रीन' }, { timeout: 10_000 });
  });

  it('the Queue in English and in Hindi: counts, states, plurals, due times', async () => {
    await createShipments(sb, 2);
    renderApp(app.api, 'queue');
    const counts = await screen.findByRole('list', { name: 'Counts per state' });
    await waitFor(() => expect(counts.textContent).toMatch(/To pack: \d+/), { timeout: 10_000 });
    await waitFor(() => expect(document.querySelector('.queue-meta')!.textContent).toMatch(/\d+ shipments shown\. Updated \d+ \w{3}, \d\d:\d\d\./));
    expect(within(screen.getByRole('listbox', { name: 'Shipments' })).getAllByRole('option')[0]!.textContent).toMatch(/(Due in|Overdue by) .*\d+ units?: /);

    await deskLanguage('hi');
    const countsHi = await screen.findByRole('list', { name: 'हर स्थिति की गिनती' });
    await waitFor(() => expect(countsHi.textContent).toMatch(/पैक करना है: \d+/));
    expect(document.querySelector('.queue-meta')!.textContent).toMatch(/\d+ शिपमेंट दिख रहे हैं। .+ पर अपडेट हुआ।/);
    const row = within(screen.getByRole('listbox', { name: 'शिपमेंट' })).getAllByRole('option')[0]!;
    expect(row.textContent).toMatch(/(बाकी|देर हो चुकी).*\d+ पीस: /);
    expect(screen.getByRole('button', { name: /अभी ताज़ा करें/ })).toBeTruthy();
    // The keys line keeps its key caps inside the sentence.
    expect(document.querySelector('.shortcuts-line')!.querySelectorAll('kbd').length).toBe(6);
  });

  it('Print in Hindi: headings, a job time in IST, and the station refusal said from its key', async () => {
    const { jobId } = await app.api.invoke('printers.testPrint', { role: 'label' });
    await app.waitForEvent('print.job', (j) => j.id === jobId && j.status === 'done');
    await deskLanguage('hi');
    const [id] = await createShipments(sb, 1);
    const { user, sounds } = renderApp(app.api, 'print');
    // The settings (and so the language) arrive from the station just after the first paint.
    expect((await screen.findByRole('heading', { level: 1, name: 'प्रिंट' })).textContent).toBe('प्रिंट');
    const table = await screen.findByRole('table');
    const job = app.context.printing.jobs().find((j) => j.id === jobId)!;
    const ist = new Intl.DateTimeFormat('hi-IN', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(new Date(job.createdAt));
    const row = (await within(table).findAllByText(/टेस्ट प्रिंट/, undefined, { timeout: 10_000 }))[0]!.closest('tr')!;
    expect(row.textContent).toContain('छप गया');
    expect(row.textContent).toContain(ist);
    await user.type(screen.getByLabelText('शिपमेंट नंबर'), id!);
    await user.click(screen.getByRole('button', { name: 'लेबल दोबारा छापें' }));
    await statusSays(new RegExp(`${id} का लेबल दोबारा नहीं छपा: शिपमेंट ${id} अभी .+ है: लेबल दोबारा सिर्फ़ पैक शिपमेंट का छपता है।`));
    expect(statusText()).not.toMatch(/only a packed shipment/);
    expect(sounds).toContain('failure');
  });

  it('Setup in Hindi: the desk settings save with words in Hindi, the sign-in form and a field refusal too', async () => {
    await deskLanguage('hi');
    const { user } = renderApp(app.api, 'setup');
    const form = await screen.findByRole('form', { name: 'स्टेशन की सेटिंग' }, { timeout: 10_000 });
    const volume = within(form).getByLabelText('आवाज़ (0 से 1)');
    await user.clear(volume);
    await user.type(volume, '0.5');
    await user.click(within(form).getByRole('button', { name: 'सेटिंग सेव करें' }));
    expect(await within(form).findByText('सेटिंग सेव हो गई।')).toBeTruthy();
    expect(app.context.settings.get().sounds.volume).toBe(0.5);
    const signIn = screen.getByRole('form', { name: 'मार्केटप्लेस में साइन-इन' });
    await user.click(within(signIn).getByLabelText('सेल्फ़ एक्सेस (आपका अपना सेलर खाता)'));
    await user.click(within(signIn).getByRole('button', { name: 'साइन-इन' }));
    expect(await within(signIn).findByText('एप्लिकेशन सीक्रेट लिखें (यह स्क्रीन पर नहीं रखा जाता; हर साइन-इन पर फिर लिखें)।')).toBeTruthy();
    // Devices: a device without a name is refused at its field, in Hindi.
    const devices = screen.getByRole('region', { name: 'मशीनें' });
    await user.click(within(devices).getByRole('button', { name: 'मशीन जोड़ें' }));
    const deviceForm = within(devices).getByRole('form', { name: 'मशीन जोड़ें' });
    await user.click(within(deviceForm).getByRole('button', { name: 'मशीन सेव करें' }));
    expect(await within(deviceForm).findByText('मशीन का नाम दें, जैसे "पैकिंग तराज़ू"।')).toBeTruthy();
  });

  it('the pseudo-locale shows every converted word accented and longer', async () => {
    await deskLanguage('pseudo');
    renderApp(app.api, 'print');
    const nav = await screen.findByRole('navigation', { name: '[Šçŕééñš ~~~]' });
    expect(nav.textContent).toContain('[Ƥŕíñţ ~~]'.replace('Ƥ', 'Þ'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('[Þŕíñţ ~~]');
    // Nothing in English left on the converted parts: header, navigation, the Print screen's words.
    const english = (el: Element) => (el.textContent ?? '').replace(/\[[^\]]*\]/g, '').match(/\b[A-Za-z]{4,}\b/g) ?? [];
    expect(english(nav).filter((w) => !/^(Alt)$/.test(w))).toEqual([]);
  });
});
