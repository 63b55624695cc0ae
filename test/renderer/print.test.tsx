// @vitest-environment happy-dom
// The Print screen over a real app station and its folder printer: a job shows with its status
// in words, Reprint prints it again, the printers show their state, and a label reprint of a
// shipment that is not packed is refused in words.
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { TestAppStation } from '../support/app-station.js';
import type { TestSandbox } from '../support/sandbox.js';
import { createShipments, renderApp, statusSays, useAppStation } from './app-harness.js';

let sb: TestSandbox;
let app: TestAppStation;

const session = useAppStation();
beforeAll(async () => {
  ({ sb, app } = session);
});

describe('Print screen', () => {
  it('shows a printed job in words and prints it again on Reprint', async () => {
    const { jobId } = await app.api.invoke('printers.testPrint', { role: 'label' });
    await app.waitForEvent('print.job', (j) => j.id === jobId && j.status === 'done');
    const { user } = renderApp(app.api, 'print');
    const table = await screen.findByRole('table');
    const row = await within(table).findByText(/Test print/, undefined, { timeout: 10_000 });
    expect(row.closest('tr')!.textContent).toMatch(/Printed/);
    // "When" is in IST like every other time the desk shows, whatever the machine's zone.
    const job = app.context.printing.jobs().find((j) => j.id === jobId)!;
    const ist = new Date(job.createdAt).toLocaleTimeString('en-IN', { hour12: false, timeZone: 'Asia/Kolkata' });
    expect(row.closest('tr')!.textContent).toContain(ist);
    const printed = app.printedFiles().length;
    await user.click(within(row.closest('tr')!).getByRole('button', { name: /^Reprint/ }));
    await statusSays(/sent to .+ again/);
    await waitFor(() => expect(app.printedFiles().length).toBe(printed + 1), { timeout: 10_000 });
    // The new job arrives by event and shows in the list.
    await waitFor(() => expect(within(table).getAllByText(/Test print/).length).toBeGreaterThan(1), { timeout: 10_000 });
  });

  it('lists the printers with their state in words', async () => {
    renderApp(app.api, 'print');
    const printers = await screen.findByRole('list', { name: 'Printers' });
    await waitFor(() => expect(within(printers).getByText(/Save as PDF \(folder\)/).closest('li')!.textContent).toMatch(/for labels, invoices|for invoices, labels/));
    expect(printers.textContent).toMatch(/Ready/);
  });

  it('refuses in words to reprint the label of a shipment that is not packed', async () => {
    const [id] = await createShipments(sb, 1);
    const { user, sounds } = renderApp(app.api, 'print');
    await user.type(screen.getByLabelText('Shipment id'), id!);
    await user.click(screen.getByRole('button', { name: 'Reprint label' }));
    await statusSays(new RegExp(`The label of ${id} could not be reprinted: .*only a packed shipment has a label`));
    expect(sounds).toContain('failure');
  });
});
