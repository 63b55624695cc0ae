// @vitest-environment happy-dom
// Handover on the Dispatch screen over a real app station and sandbox: one row per courier group
// (whatever kinds of parcel it holds) with the courier's code where the marketplace gives one,
// and the scan-out check at the truck: each box is ticked by its own scan (its box slip, or the
// label for box 1), what is missing is named, and a parcel that is not on the manifest is refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { handoverCounts } from '../../electron/sandbox/orders/handover.js';
import { routeScan } from '../../renderer/src/scan/scan-router.js';
import { boxCode } from '../../shared/box-codes.js';
import type { TestAppStation } from '../support/app-station.js';
import type { TestSandbox } from '../support/sandbox.js';
import { readyToDispatch } from '../sandbox/shipments-fixtures.js';
import { createShipments, renderApp, statusSays, useAppStation } from './app-harness.js';

let sb: TestSandbox;
let app: TestAppStation;
let plain: string[];
let mps: string[];
let lite: string;

const session = useAppStation();
beforeAll(async () => {
  ({ sb, app } = session);
  plain = await createShipments(sb, 2, 'plain');
  mps = await createShipments(sb, 1, 'mps');
  // A shipment of an FBF_LITE listing: the seller packs it and hands it to the courier too.
  [lite] = (await createShipments(sb, 1, 'plain')) as [string];
  for (const item of sb.world.shipments.get(lite)!.orderItems) item.serviceProfile = 'FBF_LITE';
  await readyToDispatch(sb, [...plain, ...mps, lite]);
});

describe('Dispatch screen: handover', () => {
  it('shows one row per courier group, with every parcel counted and the code for the courier', async () => {
    const location = app.settings.get().locationId;
    const answer = handoverCounts(sb.world, sb.info.sellerId, location);
    const codes = [...new Set(answer.map((c) => c.vendorGroupCode))];
    // The marketplace answers one element per group and parcel kind.
    expect(answer.length).toBeGreaterThan(codes.length);
    renderApp(app.api, 'dispatch');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(codes.length + 1));
    for (const code of codes) {
      const row = within(table).getByRole('button', { name: `Print manifest for ${code}` }).closest('tr')!;
      const total = answer.filter((c) => c.vendorGroupCode === code).reduce((a, c) => a + c.count, 0);
      expect(row.textContent).toContain(String(total));
      expect(row.textContent).toContain(answer.find((c) => c.vendorGroupCode === code)!.otc.code!);
    }
  });

  it('ticks each box off as it is scanned onto the truck, says which are missing and refuses a stranger', async () => {
    const { user, sounds } = renderApp(app.api, 'dispatch');
    await user.click(await screen.findByRole('button', { name: 'Start the scan-out check' }));
    const progress = await screen.findByRole('status', { name: 'Loading progress' });
    const all = [...plain, ...mps, lite];
    const boxesOfMps = sb.world.shipments.get(mps[0]!)!.subShipments.length;
    expect(boxesOfMps).toBeGreaterThan(1);
    const boxes = plain.length + boxesOfMps + 1;
    // The FBF_LITE shipment is on the list: the search asks for every profile the seller hands over.
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Loading list' })).getByText(new RegExp(lite)).textContent).toMatch(/missing/));
    await waitFor(() => expect(progress.textContent).toMatch(new RegExp(`Loaded 0 of ${boxes} boxes\\.`)));

    routeScan(plain[0]!, 'wedge');
    await waitFor(() => expect(progress.textContent).toContain(`Loaded 1 of ${boxes} boxes. Missing ${all.length - 1} shipments: `));
    expect(progress.textContent).not.toContain(plain[0]!);
    for (const id of all.slice(1)) expect(progress.textContent).toContain(id);
    // A scan at the truck does not mark anything again at the marketplace.
    expect(sb.world.shipments.get(plain[0]!)!.orderItems.every((i) => i.status === 'READY_TO_DISPATCH')).toBe(true);

    const [stranger] = await createShipments(sb, 1, 'plain');
    routeScan(stranger!, 'wedge');
    await statusSays(new RegExp(`${stranger} is not on the manifest`));
    expect(sounds).toContain('failure');
    expect(screen.getByLabelText('Not on the manifest').textContent).toContain(stranger!);

    // The tracking id on the label ticks its parcel as well as the shipment barcode.
    const tracking = (await sb.call('GET', `/sellers/v3/shipments/${plain[1]}`)).json.shipments[0].trackingId as string;
    routeScan(tracking, 'wedge');
    routeScan(lite, 'wedge');
    await waitFor(() => expect(progress.textContent).toContain(`Loaded 3 of ${boxes} boxes. Missing 1 shipment: ${mps[0]} (box ${Array.from({ length: boxesOfMps }, (_, i) => i + 1).join(', ')} of ${boxesOfMps}).`));

    // The label of a multi-package shipment is on its box 1: it ticks box 1, and the line names
    // what is still missing.
    const line = () => within(screen.getByRole('list', { name: 'Loading list' })).getByText(new RegExp(mps[0]!)).textContent;
    routeScan(mps[0]!, 'wedge');
    await waitFor(() => expect(line()).toContain(`1 of ${boxesOfMps} boxes, missing box ${Array.from({ length: boxesOfMps - 1 }, (_, i) => i + 2).join(', ')}`));
    expect(progress.textContent).toContain(`Loaded 4 of ${boxes} boxes.`);
    // Box 1's slip names the same box: still ticked once.
    routeScan(boxCode(mps[0]!, 1, boxesOfMps), 'wedge', Date.now() + 60_000);
    await statusSays(new RegExp(`${mps[0]} box 1 of ${boxesOfMps} is already ticked off`));
    expect(progress.textContent).toContain(`Loaded 4 of ${boxes} boxes.`);
    for (let box = 2; box <= boxesOfMps; box++) routeScan(boxCode(mps[0]!, box, boxesOfMps), 'wedge', Date.now() + 60_000 * box);
    await waitFor(() => expect(progress.textContent).toBe(`All ${boxes} boxes of ${all.length} shipments are loaded.`));

    // Each box loaded is a step in the audit trail, as Activity shows it.
    await waitFor(async () => {
      const texts = (await app.api.invoke('activity.search', { text: 'truck' })).map((e) => e.text);
      expect(texts.filter((t) => t.startsWith('Loaded '))).toHaveLength(boxes);
      expect(texts).toContainEqual(expect.stringMatching(new RegExp(`^Loaded ${plain[0]} onto the truck \\(1 of ${boxes}\\) at `)));
      expect(texts).toContainEqual(expect.stringMatching(new RegExp(`^Scan-out: ${stranger} is not on the manifest; kept off the truck at `)));
    });
    // A slip that does not match the manifest's box count is refused.
    routeScan(boxCode(mps[0]!, 1, boxesOfMps + 1), 'wedge', Date.now() + 600_000);
    await statusSays(new RegExp(`is the slip of box 1 of ${boxesOfMps + 1}, but ${mps[0]} was packed as ${boxesOfMps} boxes: keep it off the truck, print the label of ${mps[0]} again on Print`));
  });
});
