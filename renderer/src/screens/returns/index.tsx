// The Returns screen (issue "packing desk app", screen 6): receive standard returns by scanning,
// act on self-ship returns, and move self-ship orders through dispatch, delivery and service.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useStation } from '../../app/station-context.js';
import { useScanTarget } from '../../scan/scan-router.js';
import { useReturnsStore } from '../../stores/returns-store.js';
import { errorWords, Field, ResultLine } from '../setup/form-field.js';
import { ActionTable } from './action-table.js';
import { istWords } from './ist-date.js';
import { isSelfShipReturn, RETURN_ACTIONS, returnActionsFor, SELFSHIP_ACTIONS, selfShipActionsFor, statusWords } from './return-actions.js';

const TYPE_WORDS: Record<string, string> = { courier_return: 'Courier return (RTO)', customer_return: 'Customer return' };

export default function ReturnsScreen() {
  const api = useStation();
  const { returns, selfShip, loading, error, load } = useReturnsStore();
  const [scan, setScan] = useState('');
  const [scanError, setScanError] = useState<string>();
  const [received, setReceived] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const reload = useCallback(() => void load(api), [api, load]);

  useEffect(reload, [reload]);

  async function receive(raw: string) {
    if (raw.trim() === '') {
      setScanError('Scan or type the return id, tracking id or order item id.');
      return;
    }
    setScanError(undefined);
    setBusy(true);
    try {
      const r = await api.invoke('returns.receive', { raw: raw.trim() });
      setReceived({ ok: r.ok, text: r.text });
      if (r.ok) reload();
    } catch (e) {
      setReceived({ ok: false, text: errorWords(e) });
    } finally {
      setBusy(false);
      setScan('');
    }
  }

  // A scanner's read lands here wherever the focus is; the field is for typing an id by hand.
  useScanTarget((input) => void receive(input.raw));

  function submitScan(e: FormEvent) {
    e.preventDefault();
    void receive(scan);
  }

  const standard = returns.filter((r) => !isSelfShipReturn(r));
  const selfShipReturns = returns.filter(isSelfShipReturn);
  return (
    <section aria-label="Returns" className="screen screen-returns">
      <h1>Returns and self ship</h1>
      <form aria-label="Receive a return" onSubmit={submitScan} noValidate className="panel">
        <Field id="return-scan" label="Scan return" error={scanError} hint="Scan the return label, or type the return id, tracking id or order item id and press Enter.">
          {(a) => <input {...a} autoFocus autoComplete="off" value={scan} onChange={(e) => setScan(e.target.value)} />}
        </Field>
        <button type="submit" disabled={busy}>
          Receive
        </button>
        {received ? <ResultLine {...received} /> : null}
      </form>
      <div className="actions">
        <button type="button" onClick={reload} disabled={loading}>
          {loading ? 'Reading…' : 'Read the lists again'}
        </button>
      </div>
      {error ? <p role="alert">{error}</p> : null}

      <h2>Returns (standard)</h2>
      <ActionTable
        caption="Standard returns of this location"
        columns={['Return', 'Order item', 'Kind', 'Status', 'Reason', 'Expected', 'Tracking']}
        rows={standard}
        idOf={(r) => r.returnId}
        cells={(r) => [r.returnId, r.orderItemId, TYPE_WORDS[r.type] ?? r.type, statusWords(r.status), r.reason ?? '—', istWords(r.expectedDate), r.trackingId ?? '—']}
        actionsOf={() => []}
        actions={RETURN_ACTIONS}
        onChanged={reload}
        empty={loading ? 'Reading the returns…' : 'No standard returns.'}
      />

      <h2>Self-ship returns</h2>
      <ActionTable
        caption="Self-ship returns of this location"
        columns={['Return', 'Order item', 'Kind', 'Status', 'Reason', 'Expected']}
        rows={selfShipReturns}
        idOf={(r) => r.returnId}
        createdOf={(r) => r.createdDate}
        cells={(r) => [r.returnId, r.orderItemId, TYPE_WORDS[r.type] ?? r.type, statusWords(r.status), r.reason ?? '—', istWords(r.expectedDate)]}
        actionsOf={returnActionsFor}
        actions={RETURN_ACTIONS}
        onChanged={reload}
        empty={loading ? 'Reading the returns…' : 'No self-ship returns.'}
      />

      <h2>Self-ship orders</h2>
      <ActionTable
        caption="Self-ship shipments of this location"
        columns={['Shipment', 'Orders', 'Status', 'Dispatch by', 'Installation']}
        rows={selfShip}
        idOf={(s) => s.shipmentId}
        cells={(s) => [s.shipmentId, s.orderIds.join(', '), statusWords(s.status), istWords(s.dispatchByDate), s.hasService ? 'Yes' : 'No']}
        actionsOf={selfShipActionsFor}
        actions={SELFSHIP_ACTIONS}
        onChanged={reload}
        empty={loading ? 'Reading the shipments…' : 'No self-ship shipments.'}
      />
    </section>
  );
}
