// Demo mode's scale acting out the desk: a parcel goes on once the units are verified, the boxes
// of a multi-package shipment one after the other (each at its own listed weight, each until it
// is weighed and measured), and it comes off when the shipment is closed.
import { describe, expect, it } from 'vitest';
import { followDeskWithDemoScale } from '../../../electron/station/app/demo-scale.js';
import type { DeskView } from '../../../shared/contract/desk.js';

type Parcel = NonNullable<DeskView['session']>['parcels'][number];

function view(phase: 'verifying' | 'measuring', parcels: Parcel[]): DeskView {
  return {
    session: { sessionId: 's1', shipmentId: 'SH1', locationId: 'L1', phase, lines: [{ orderItemId: 'OI1', orderId: 'O1', sku: 'SOFA', fsn: 'F', title: 'Sofa', quantity: 1, verified: 1, serialized: false, serials: [] }], parcels, steps: [], feedback: { tone: 'ok', text: '', sound: 'none' } },
    feedback: { tone: 'ok', text: '', sound: 'none' },
    jobs: [],
    awaitingDispatch: [],
  } as DeskView;
}
const listed = (id: string, kg: number): Parcel => ({ subShipmentId: id, title: id, dimensions: { length: 1, breadth: 1, height: 1 }, weightKg: kg, source: 'listing', weightSource: 'listing', dimensionsSource: 'listing' });

describe('the demo scale', () => {
  it('weighs the boxes of a multi-package shipment one after the other, then empties', () => {
    const weights: number[] = [];
    const follow = followDeskWithDemoScale(() => ({ setWeight: (kg) => weights.push(kg) }));
    follow(view('verifying', [listed('A', 32), listed('B', 6)]));
    expect(weights).toEqual([]);
    follow(view('measuring', [listed('A', 32), listed('B', 6)]));
    follow(view('measuring', [listed('A', 32), listed('B', 6)]));
    expect(weights).toEqual([32]);
    // Box A weighed (the scale's reading taken) but not yet measured: it stays on the platform.
    follow(view('measuring', [{ ...listed('A', 31.5), weightSource: 'device' }, listed('B', 6)]));
    expect(weights).toEqual([32]);
    // Box A measured too: box B goes on.
    follow(view('measuring', [{ ...listed('A', 31.5), weightSource: 'device', dimensionsSource: 'typed' }, listed('B', 6)]));
    expect(weights).toEqual([32, 6]);
    follow({ ...view('measuring', []), session: undefined });
    expect(weights).toEqual([32, 6, 0]);
  });
});
