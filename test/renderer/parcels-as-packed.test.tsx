// @vitest-environment happy-dom
// Parcels as packed, from the desk to the truck, over a real app station, a real HTTPS sandbox
// and the folder printer: what the packer sent in the pack request decides the box slips (none
// for one box, however many order lines it holds; one per box with the measured sizes), a wave's
// batch job (each shipment's slips right after its own label), a reprint from Print, and the
// Dispatch screen's loading check, where the label ticks box 1, each slip's barcode (read from the
// printed page) its own box, and the lead ticks off a box whose slip will not scan, after a
// confirmation, journaled with who did it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { routeScan } from '../../renderer/src/scan/scan-router.js';
import { boxCode } from '../../shared/box-codes.js';
import { stopScanOut } from '../../renderer/src/stores/scan-out-store.js';
import type { TestAppStation } from '../support/app-station.js';
import { readCode128 } from '../support/code128-reader.js';
import { pageTexts, popplerAvailable, renderGray } from '../support/document-poppler.js';
import type { TestSandbox } from '../support/sandbox.js';
import { declaredParcels, order, stateAt, wavePackableProducts } from '../support/wave-fixtures.js';
import { renderApp, statusSays, useAppStation } from './app-harness.js';

let sb: TestSandbox;
let app: TestAppStation;
let location: string;
const session = useAppStation({ printing: { invoices: 'labelOnly' } });
beforeAll(() => {
  ({ sb, app } = session);
  location = sb.info.locations[0]!;
});

type Box = { length: number; breadth: number; height: number; kg: number };

/** A shipment of the listing's three packages (the sandbox draws two or three). */
async function threeBoxShipment(): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const [id] = await order(sb, { locationId: location, kind: 'mps' });
    if (sb.world.shipments.get(id!)!.subShipments.length === 3) return id!;
  }
  throw new Error('the sandbox made no three-package shipment');
}

/** Packs at the desk as the packer's keys would, each parcel weighed and measured as given. */
async function packAtDesk(id: string, boxes: Box[]): Promise<void> {
  const desk = app.context.desk();
  await desk.scan(id);
  for (const line of desk.view().session!.lines) for (let n = 0; n < line.quantity; n++) await desk.scan(line.sku);
  const parcels = desk.view().session!.parcels;
  expect(parcels).toHaveLength(boxes.length);
  for (const [n, p] of parcels.entries()) {
    const b = boxes[n]!;
    await desk.measure({ subShipmentId: p.subShipmentId, dimensions: { length: b.length, breadth: b.breadth, height: b.height }, weightKg: b.kg, source: 'typed' });
  }
  await desk.pack();
  await desk.idle();
}

/** The PDFs printed since `before` once every job is done, with each page's words. */
async function printedSince(before: Set<string>): Promise<{ name: string; pdf: Uint8Array; pages: string[] }[]> {
  await expect.poll(() => app.context.printing.jobs().length > 0 && app.context.printing.jobs().every((j) => j.status === 'done'), { timeout: 30_000 }).toBe(true);
  const names = app.printedFiles().filter((f) => !before.has(f));
  return Promise.all(
    names.map(async (name) => {
      const pdf = new Uint8Array(readFileSync(join(app.printDir, name)));
      return { name, pdf, pages: await pageTexts(pdf) };
    }),
  );
}

/** What the packer sees on a slip: "31 x 22 x 11 cm, 1.9 kg". */
const slipSize = (b: Box) => `${b.length} x ${b.breadth} x ${b.height} cm, ${b.kg} kg`;

/** Shipments ready to dispatch at the marketplace, so the manifest lists them (the desk marks its own after the label). */
async function readyAtMarketplace(ids: string[]): Promise<void> {
  const packed = ids.filter((id) => stateAt(sb, id) === 'PACKED');
  if (packed.length > 0) await sb.call('POST', '/sellers/v3/shipments/dispatch', { body: { shipmentIds: packed, locationId: location } });
  expect(ids.map((id) => stateAt(sb, id))).toEqual(ids.map(() => 'READY_TO_DISPATCH'));
}

async function startLoadingCheck() {
  stopScanOut();
  const view = renderApp(app.api, 'dispatch');
  await view.user.click(await screen.findByRole('button', { name: 'Start the scan-out check' }));
  const progress = await screen.findByRole('status', { name: 'Loading progress' });
  const line = (id: string) => within(screen.getByRole('list', { name: 'Loading list' })).getByText(new RegExp(id)).closest('li')!;
  await screen.findByRole('list', { name: 'Loading list' });
  return { ...view, progress, line };
}

describe.skipIf(!popplerAvailable)('parcels as packed: slips, reprint and the truck', () => {
  const ids = {} as { oneBox: string; wave: string; waveOthers: string[]; desk: string };
  const deskBoxes: Box[] = [];

  it('one box holding two order lines of one product prints its label and no slip, and its label loads it at the truck', async () => {
    const [, small] = wavePackableProducts(sb, location);
    [ids.oneBox] = (await order(sb, { locationId: location, lines: [{ sku: small!.sku, quantity: 1 }, { sku: small!.sku, quantity: 1 }] })) as [string];
    const before = new Set(app.printedFiles());
    await packAtDesk(ids.oneBox, [{ length: 31, breadth: 22, height: 11, kg: 1.9 }]);
    expect(declaredParcels(sb, ids.oneBox)).toHaveLength(1);
    const printed = (await printedSince(before)).filter((p) => p.pages.some((t) => t.includes(ids.oneBox)));
    expect(printed).toHaveLength(1);
    expect(printed[0]!.pages).toHaveLength(1);
    expect(printed[0]!.pages.join('\n')).not.toMatch(/Box \d+ of \d+/);

    await readyAtMarketplace([ids.oneBox]);
    const { progress, line } = await startLoadingCheck();
    routeScan(ids.oneBox, 'wedge');
    await waitFor(() => expect(line(ids.oneBox).textContent).toMatch(/^✓/));
    expect(progress.textContent).toBe('All 1 boxes of 1 shipment are loaded.');
  });

  it('a three-box shipment in a wave gets its three slips with the sizes sent right after its own label, and again on a reprint from Print; each slip loads its box', async () => {
    ids.wave = await threeBoxShipment();
    const [, small] = wavePackableProducts(sb, location);
    ids.waveOthers = await order(sb, { locationId: location, count: 2, lines: [{ sku: small!.sku, quantity: 1 }] });
    const before = new Set(app.printedFiles());
    const summary = await app.api.invoke('wave.run', { dispatch: false, shipmentIds: [ids.wave, ...ids.waveOthers] });
    expect(summary.failed).toEqual([]);
    expect(summary.packed).toBe(3);
    const sent = declaredParcels(sb, ids.wave).map((p) => ({ length: p.dimensions.length!, breadth: p.dimensions.breadth!, height: p.dimensions.height!, kg: p.dimensions.weight! }));
    expect(sent).toHaveLength(3);

    // One job for the batch: every label, the three-box shipment's slips right after its own.
    const [job] = (await printedSince(before)).filter((p) => p.name.includes('Wave labels'));
    expect(job, 'the wave batch job').toBeDefined();
    const pages = job!.pages;
    expect(pages).toHaveLength(6);
    const label = pages.findIndex((t) => t.includes(ids.wave) && !/Box \d of/.test(t));
    expect(label).toBeGreaterThanOrEqual(0);
    for (const [n, box] of sent.entries()) {
      const slip = pages[label + 1 + n]!;
      expect(slip).toContain(`Box ${n + 1} of 3`);
      expect(slip).toContain(ids.wave);
      expect(slip).toContain(slipSize(box));
    }
    for (const other of ids.waveOthers) expect(pages.filter((t) => t.includes(other))).toHaveLength(1);

    // Print → Reprint label: the label and its slips again, not the label alone.
    const again = new Set(app.printedFiles());
    await app.api.invoke('print.reprintLabel', { shipmentId: ids.wave });
    const [reprint] = (await printedSince(again)).filter((p) => p.name.includes(`Label ${ids.wave}`) && p.name.includes('reprint'));
    expect(reprint!.pages).toHaveLength(4);
    for (const [n, box] of sent.entries()) {
      expect(reprint!.pages[n + 1]).toContain(`Box ${n + 1} of 3`);
      expect(reprint!.pages[n + 1]).toContain(slipSize(box));
    }

    // At the truck: the slips' barcodes as printed, and the label for box 1.
    const codes = [];
    for (let page = 2; page <= 4; page++) codes.push(...readCode128(await renderGray(reprint!.pdf, page, 203)));
    expect(codes).toEqual([1, 2, 3].map((n) => boxCode(ids.wave, n, 3)));
    await readyAtMarketplace([ids.wave]);
    const { line } = await startLoadingCheck();
    routeScan(codes[1]!, 'wedge');
    await waitFor(() => expect(line(ids.wave).textContent).toContain('1 of 3 boxes, missing box 1, 3'));
    routeScan(ids.wave, 'wedge', Date.now() + 60_000);
    await waitFor(() => expect(line(ids.wave).textContent).toContain('2 of 3 boxes, missing box 3'));
    routeScan(codes[0]!, 'wedge', Date.now() + 120_000);
    await statusSays(new RegExp(`${ids.wave} box 1 of 3 is already ticked off`));
    routeScan(codes[2]!, 'wedge', Date.now() + 180_000);
    await waitFor(() => expect(line(ids.wave).textContent).toMatch(/^✓/));
  }, 120_000);

  it("a box slip prints the sizes measured at the desk, not the listing's", async () => {
    ids.desk = await threeBoxShipment();
    const listed = sb.world.shipments.get(ids.desk)!.subShipments.map((s) => s.packages[0]!.dimensions!);
    deskBoxes.push(...listed.map((d, n) => ({ length: d.length + 2, breadth: d.breadth + 1, height: d.height, kg: Math.round((d.weight! + 0.3 * (n + 1)) * 1000) / 1000 })));
    const before = new Set(app.printedFiles());
    await packAtDesk(ids.desk, deskBoxes);
    const [printed] = (await printedSince(before)).filter((p) => p.name.includes(`label-${ids.desk}`));
    expect(printed!.pages).toHaveLength(4);
    for (const [n, box] of deskBoxes.entries()) {
      const slip = printed!.pages[n + 1]!;
      expect(slip).toContain(`Box ${n + 1} of 3`);
      expect(slip).toContain(slipSize(box));
      const d = listed[n]!;
      expect(slip).not.toContain(`${d.length} x ${d.breadth} x ${d.height} cm`);
    }
  }, 60_000);

  it('the lead ticks off a box whose slip will not scan, from the keyboard, after a confirmation that says what it does; the activity log names who', async () => {
    await readyAtMarketplace([ids.desk]);
    // The lead signs in at the desk: the journal names who ticked the box off.
    await app.api.invoke('operators.add', { name: 'Meena', pin: '5931' });
    const lead = (await app.api.invoke('operators.list', {})).operators.find((o) => o.name === 'Meena')!;
    await app.api.invoke('operators.signIn', { id: lead.id, pin: '5931' });
    const { user, line } = await startLoadingCheck();
    routeScan(ids.desk, 'wedge');
    routeScan(boxCode(ids.desk, 2, 3), 'wedge', Date.now() + 60_000);
    await waitFor(() => expect(line(ids.desk).textContent).toContain('2 of 3 boxes, missing box 3'));

    const tickOff = within(line(ids.desk)).getByRole('button', { name: `Lead: tick off ${ids.desk} box 3 of 3 by hand` });
    tickOff.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: `Tick off ${ids.desk} box 3 of 3 by hand?` });
    expect(dialog.textContent).toContain(`For the lead only, with the box in hand and its slip unreadable: ${ids.desk} box 3 of 3 counts as loaded without a scan, and the activity log keeps that you ticked it off by hand.`);
    // It opens on "Go back": Esc (or a stray Enter) changes nothing.
    expect(document.activeElement?.textContent).toBe('Go back (Esc)');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(line(ids.desk).textContent).toContain('missing box 3');

    within(line(ids.desk)).getByRole('button', { name: `Lead: tick off ${ids.desk} box 3 of 3 by hand` }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await user.keyboard('{Tab}');
    expect(document.activeElement?.textContent).toBe('Tick it off as loaded');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(line(ids.desk).textContent).toMatch(/^✓/));

    await waitFor(async () => {
      const entries = await app.api.invoke('activity.search', { text: 'by hand' });
      const entry = entries.find((e) => e.shipmentIds.includes(ids.desk));
      expect(entry?.text).toMatch(new RegExp(`^${ids.desk} box 3 of 3 ticked off as loaded by hand, its slip not scanned \\(\\d+ of \\d+\\) at .+ by Meena\\.$`));
      expect(entry?.operator).toBe('Meena');
    });
  }, 60_000);
});
