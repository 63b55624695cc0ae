// @vitest-environment happy-dom
// The Warehouse screen over two real app desks in warehouse mode (one sandbox, one PostgreSQL):
// the board in English and in Hindi, and a lead releasing a claim another desk holds, by keyboard,
// with what happened checked in the database and at the other desk.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import WarehouseScreen from '../../renderer/src/screens/warehouse/index.js';
import { switchLanguage } from '../../renderer/src/i18n/i18n.js';
import { sentenceWords } from '../../renderer/src/i18n/said-words.js';
import { englishSentence, keyed } from '../../shared/i18n/station-sentences.js';
import { holderSentence } from '../../electron/station/warehouse/holder-words.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { startTestAppStation, type TestAppStation } from '../support/app-station.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { GSTIN } from '../support/warehouse-desk.js';
import { renderScreen } from './screen-harness.js';

describe.runIf(requirePostgres())('Warehouse screen', () => {
  const wh = useWarehouseDatabase();
  let sb: TestSandbox;
  let lead: TestAppStation;
  let packer: TestAppStation;
  let url: string;

  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
    url = await wh.freshUrl();
    const desk = (name: string, operator: string) =>
      startTestAppStation({
        sandbox: sb,
        // The address in the settings, as Setup saves it: the board opens from the settings.
        settings: { locationId: sb.info.locations[0], desk: { name, operator }, warehouse: { registration: GSTIN, url } },
        warehouseTuning: { outboxIntervalMs: 200, catchUpIntervalMs: 200, connectTimeoutMs: 2_000 },
      });
    lead = await desk('Desk 1', 'Meena');
    packer = await desk('Desk 3', 'Asha');
  });
  afterAll(async () => {
    await packer?.close();
    await lead?.close();
    await sb?.close();
  });
  afterEach(() => {
    cleanup();
    switchLanguage('en');
  });

  async function heldAtDesk3(): Promise<string> {
    const created = await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: sb.info.locations[0], kind: 'plain', serviceProfile: 'NON_FBF' } });
    const id = created.json.shipmentIds[0] as string;
    expect((await packer.api.invoke('desk.scan', { raw: id, source: 'serial' })).session?.shipmentId).toBe(id);
    return id;
  }

  it('in English: the board with its desks, and a release of a shipment nobody holds said as such', async () => {
    const user = userEvent.setup();
    renderScreen(lead.api, <WarehouseScreen />);
    await screen.findByText(/^Live: updates as desks work/, undefined, { timeout: 15_000 });
    const desks = await screen.findByRole('table', { name: 'Desks' });
    expect(within(desks).getByRole('columnheader', { name: 'Packs in the last hour' })).toBeTruthy();
    await user.type(screen.getByLabelText('Release a held shipment'), 'SH-NOBODY-HOLDS{Enter}');
    expect(await screen.findByText('Shipment SH-NOBODY-HOLDS is not held by any desk (or it is packed, which cannot be undone).')).toBeTruthy();
  });

  it('in Hindi: the board reads in Hindi, and the lead frees a shipment Desk 3 holds: released in the database, another desk may open it', async () => {
    const id = await heldAtDesk3();
    // The other desk is told who holds it, in the station's words (English here, from the same key).
    expect((await lead.api.invoke('desk.scan', { raw: id, source: 'serial' })).feedback.text).toMatch(new RegExp(`^Shipment ${id} is being packed at Desk 3 by Asha since \\d\\d:\\d\\d IST\\. It cannot be packed at this desk\\.$`));
    switchLanguage('hi');
    const user = userEvent.setup();
    renderScreen(lead.api, <WarehouseScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('वेयरहाउस');
    await screen.findByText(/^लाइव: डेस्क के काम के साथ बदलता है · \d\d:\d\d IST के आँकड़े/, undefined, { timeout: 15_000 });
    const desks = await screen.findByRole('table', { name: 'डेस्क' });
    await waitFor(() => expect(within(desks).getByRole('row', { name: /Desk 3/ }).textContent).toContain(id), { timeout: 15_000 });
    expect(within(desks).getByRole('columnheader', { name: 'पिछले घंटे के पैक' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'बाकी काम' })).toBeTruthy();

    await user.type(screen.getByLabelText('रुका हुआ शिपमेंट छुड़ाएँ'), `${id}{Enter}`);
    await screen.findByText(new RegExp(`^छुड़ा दिया: शिपमेंट ${id} \\d\\d:\\d\\d IST से Desk 3 पर Asha के पास था; अब कोई भी डेस्क इसे खोल सकती है।$`), undefined, { timeout: 10_000 });
    // What happened: the claim is gone from the database, and Desk 1 can now open the shipment.
    const db = wh.pool({ url });
    expect((await db.query('SELECT desk FROM claims WHERE shipment_id = $1', [id])).rows[0]?.desk ?? null).toBeNull();
    expect((await lead.api.invoke('desk.scan', { raw: id, source: 'serial' })).session?.shipmentId).toBe(id);
  });

  it("the claim refusal is one keyed sentence: the station's English words, and the same sentence in Hindi", () => {
    const claim = { shipmentId: 'SH1', desk: 'Desk 3', operator: 'Asha', claimedAt: new Date('2026-11-24T05:12:00Z'), leaseUntil: new Date('2026-11-24T05:20:00Z') };
    const refusal = keyed('warehouse.claim.notHere', undefined, { holder: holderSentence(claim) });
    expect(englishSentence(refusal)).toBe('Shipment SH1 is being packed at Desk 3 by Asha since 10:42 IST. It cannot be packed at this desk.');
    switchLanguage('hi');
    expect(sentenceWords(refusal, '')).toBe('शिपमेंट SH1 10:42 IST से Desk 3 पर Asha पैक कर रहे हैं। इसे इस डेस्क पर पैक नहीं कर सकते।');
    const packed = holderSentence({ ...claim, packedAt: new Date('2026-11-24T05:30:00Z') });
    expect(sentenceWords(packed, '')).toBe('शिपमेंट SH1 11:00 IST पर Desk 3 पर Asha ने पहले ही पैक कर दिया।');
  });
});
