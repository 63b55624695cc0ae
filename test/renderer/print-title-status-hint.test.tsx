// @vitest-environment happy-dom
// The desk's language reaches two things the station or the moment named in English: a test
// print's job title on the Print screen (CUPS keeps the station's English name), and the screen
// hint on the status line, which follows a switch of language without a change of screen.
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useAppStore } from '../../renderer/src/stores/app-store.js';
import { renderApp, statusText, useAppStation } from './app-harness.js';

const session = useAppStation();

async function deskLanguage(id: string) {
  const saved = await session.app.api.invoke('settings.update', { language: id });
  act(() => useAppStore.getState().setSettings(saved));
}

describe('the desk language on the Print screen and the status line', () => {
  it('says a test print job in Hindi, with its label size in Hindi, while CUPS keeps the English title', async () => {
    const { app } = session;
    const { jobId } = await app.api.invoke('printers.testPrint', { role: 'label' });
    await app.waitForEvent('print.job', (j) => j.id === jobId && j.status === 'done');
    // The job as the printer holds it: the station's English title.
    expect(app.context.printing.jobs().find((j) => j.id === jobId)!.title).toBe('Test print (Label 4 x 6 in)');
    await deskLanguage('hi');
    renderApp(app.api, 'print');
    const table = await screen.findByRole('table', { name: 'प्रिंट काम, नए पहले' }, { timeout: 10_000 });
    const cell = (await within(table).findAllByText(/^टेस्ट प्रिंट \(लेबल 4 x 6 इंच\)/, undefined, { timeout: 10_000 }))[0]!;
    expect(cell.closest('tr')!.textContent).toContain('छप गया');
    expect(table.textContent).not.toMatch(/Test print|Label 4 x 6/);
    // Its Reprint button names the job in the same words.
    expect(within(cell.closest('tr')!).getByRole('button', { name: /टेस्ट प्रिंट \(लेबल 4 x 6 इंच\)/ })).toBeTruthy();
    await deskLanguage('en');
    await waitFor(() => expect(within(table).getAllByText(/^Test print \(Label 4 x 6 in\)/).length).toBeGreaterThan(0));
  });

  it('puts the screen hint on the status line in the new language at once, and leaves a said outcome as it was', async () => {
    await deskLanguage('en');
    renderApp(session.app.api, 'pack');
    // The app settles first (connected, settings read), then the packer opens Print.
    await waitFor(() => expect(useAppStore.getState().connection).toBe('online'), { timeout: 10_000 });
    await screen.findByRole('navigation', { name: 'Screens' });
    act(() => useAppStore.getState().go('print'));
    expect(statusText()).toBe('Scan or type a shipment id to reprint its label.');
    await deskLanguage('hi');
    // Same screen, new language: the hint follows.
    await waitFor(() => expect(statusText()).toBe('लेबल दोबारा छापने के लिए शिपमेंट नंबर स्कैन करें या लिखें।'));
    await deskLanguage('en');
    await waitFor(() => expect(statusText()).toBe('Scan or type a shipment id to reprint its label.'));
    // An outcome is what was said at the time: a language switch does not rewrite it.
    act(() => useAppStore.getState().say('ok', 'Label of S-1 sent to PDF.'));
    await deskLanguage('hi');
    await waitFor(() => expect(document.documentElement.lang).toBe('hi'));
    expect(statusText()).toBe('Label of S-1 sent to PDF.');
    await deskLanguage('en');
  });
});
