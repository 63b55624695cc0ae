// @vitest-environment happy-dom
// Setup's Printers and Packing video parts in English and in Hindi over a real app station: every
// word from the catalogues, and what the words say really happened (the test page on paper, in
// the desk's language; the printer cleared; the label stock and the clips' days kept).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SetupScreen from '../../renderer/src/screens/setup/index.js';
import { switchLanguage } from '../../renderer/src/i18n/i18n.js';
import { useAppStore } from '../../renderer/src/stores/app-store.js';
import { startTestAppStation, type TestAppStation } from '../support/app-station.js';
import { pdfText } from '../support/document-poppler.js';
import { renderScreen } from './screen-harness.js';

const FOLDER = 'Save as PDF (folder)';
let app: TestAppStation;
beforeAll(async () => {
  app = await startTestAppStation();
});
afterAll(() => app.close());
afterEach(async () => {
  cleanup();
  switchLanguage('en');
  app.settings.update({ language: 'en' });
  await app.api.invoke('printers.assign', { role: 'label', printer: FOLDER });
  await app.api.invoke('printers.assign', { role: 'document', printer: FOLDER });
});

async function show(language: 'en' | 'hi') {
  const settings = app.settings.update({ language });
  act(() => useAppStore.getState().setSettings(settings));
  switchLanguage(language);
  renderScreen(app.api, <SetupScreen />);
  return userEvent.setup();
}

/** The newest test page the folder printer wrote, as text. */
async function testPageText(before: Set<string>): Promise<string> {
  let name: string | undefined;
  await waitFor(() => expect((name = app.printedFiles().find((f) => !before.has(f) && f.includes('Test print')))).toBeDefined());
  return (await pdfText(new Uint8Array(readFileSync(join(app.printDir, name!))))).replace(/\s+/g, ' ');
}

describe('Setup → Printers', () => {
  it('in English: a test print is said printed once the printer finished it, on the page the printer is named; None clears the document printer', async () => {
    const user = await show('en');
    const section = await screen.findByRole('region', { name: 'Printers' });
    const before = new Set(app.printedFiles());
    await user.click(within(section).getByRole('button', { name: 'Test print on the label printer' }));
    await within(section).findByText(`Test page printed on ${FOLDER}. Check it shows the whole border.`, undefined, { timeout: 10_000 });
    expect(await testPageText(before)).toContain(`Printer: ${FOLDER}`);

    await user.selectOptions(within(section).getByLabelText('Document printer (invoices, manifests, reports)'), '');
    await within(section).findByText('No document printer is chosen now: its jobs wait until one is.');
    expect(app.settings.get().printers.invoice).toBeUndefined();
    expect(within(section).getByRole('button', { name: 'Test print on the document printer' }).hasAttribute('disabled')).toBe(true);
  });

  it('in Hindi: every label, option and result in Hindi, the test page printed in Hindi, the label stock kept', async () => {
    const user = await show('hi');
    const section = await screen.findByRole('region', { name: 'प्रिंटर' });
    expect(within(section).getByText('हर चुनाव तुरंत लागू होता है।')).toBeTruthy();
    const label = within(section).getByLabelText('लेबल प्रिंटर') as HTMLSelectElement;
    expect([...label.options].map((o) => o.textContent)).toContain('कोई नहीं');
    const stock = within(section).getByLabelText('लेबल का साइज़') as HTMLSelectElement;
    expect([...stock.options].map((o) => o.textContent)).toEqual(['4 x 6 इंच लेबल', '100 x 150 mm लेबल', '4 x 4 इंच लेबल', 'A6 लेबल (105 x 148 mm)', 'A4 शीट, लेबल ऊपर वाले हिस्से में']);
    const after = within(section).getByLabelText('पैक के बाद क्या छपे') as HTMLSelectElement;
    expect([...after.options].map((o) => o.textContent)).toContain('लेबल, और इनवॉइस डॉक्यूमेंट प्रिंटर पर');

    const before = new Set(app.printedFiles());
    await user.click(within(section).getByRole('button', { name: 'लेबल प्रिंटर पर टेस्ट प्रिंट' }));
    await within(section).findByText(`टेस्ट पेज ${FOLDER} पर छप गया। देखें कि पूरा बॉर्डर दिख रहा है।`, undefined, { timeout: 10_000 });
    // On paper, in the desk's language.
    const page = await testPageText(before);
    expect(page).toContain(`प्रिंटर: ${FOLDER}`);
    expect(page).toContain('काम: लेबल प्रिंटर');

    await user.selectOptions(stock, 'label-100x150mm');
    await within(section).findByText('सेव हो गया: अगला प्रिंट इसी से होगा।');
    expect(app.settings.get().printing.labelStock).toBe('label-100x150mm');
    await user.selectOptions(stock, 'label-4x6in');

    await user.selectOptions(label, '');
    await within(section).findByText('अभी कोई लेबल प्रिंटर नहीं चुना है: प्रिंटर चुनने तक लेबल रुके रहेंगे।');
    expect(app.settings.get().printers.label).toBeUndefined();
    expect(within(section).getByRole('button', { name: 'लेबल प्रिंटर पर टेस्ट प्रिंट' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('Setup → Packing video', () => {
  it('in English: no camera in words, the days kept saved, the space in words', async () => {
    await show('en');
    const section = await screen.findByRole('region', { name: 'Packing video' });
    await within(section).findByText('No camera is connected to this computer. Connect one and open Setup again.');
    await waitFor(() => expect(within(section).getByLabelText('Space used by clips').textContent).toMatch(/^0 clips use 0\.000 GB of \d+\.\d GB; kept for \d+ days\. (No clip was due for deletion \(checked .+ IST\)\.)?$/));
    fireEvent.change(within(section).getByLabelText('Keep clips for (days)'), { target: { value: '45' } });
    // happy-dom's own form validation stops the button's submit (its step arithmetic); Chromium's e2e walk clicks it.
    fireEvent.submit(within(section).getByRole('button', { name: 'Save packing video' }).closest('form')!);
    await within(section).findByText('Packing video is off.');
    expect(app.settings.get().video.retentionDays).toBe(45);
  });

  it('in Hindi: labels, options, the result and the space in Hindi, the setting saved', async () => {
    await show('hi');
    const section = await screen.findByRole('region', { name: 'पैकिंग वीडियो' });
    const form = within(section).getByRole('form', { name: 'पैकिंग वीडियो की सेटिंग' });
    await within(form).findByText('इस कंप्यूटर से कोई कैमरा नहीं जुड़ा है। कैमरा जोड़ें और सेटअप फिर से खोलें।');
    expect([...(within(form).getByLabelText('कैमरा') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['कोई नहीं (पैकिंग वीडियो बंद)']);
    expect([...(within(form).getByLabelText('कोडेक') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['VP8 (कंप्यूटर पर हल्का)', 'VP9 (छोटी फ़ाइलें)']);
    for (const l of ['रिज़ॉल्यूशन', 'बिटरेट (kbit/s)', 'शिपमेंट खुलने से पहले रिकॉर्डिंग (सेकंड)', 'पैक के बाद भी रिकॉर्डिंग (सेकंड)', 'क्लिप ज़्यादा से ज़्यादा कितनी जगह लें (GB)']) expect(within(form).getByLabelText(l)).toBeTruthy();
    await waitFor(() => expect(within(section).getByLabelText('क्लिप की जगह').textContent).toMatch(/^0 क्लिप ने [\d.]+ GB में से 0\.000 GB जगह ली; \d+ दिन तक रखी जाती हैं। (कोई क्लिप हटाने लायक नहीं थी \(.+ IST पर देखा\)।)?$/));
    fireEvent.change(within(form).getByLabelText('क्लिप कितने दिन रखें'), { target: { value: '30' } });
    expect(within(form).getByRole('button', { name: 'पैकिंग वीडियो सेव करें' })).toBeTruthy();
    fireEvent.submit(form);
    await within(section).findByText('पैकिंग वीडियो बंद है।');
    expect(app.settings.get().video.retentionDays).toBe(30);
  });
});
