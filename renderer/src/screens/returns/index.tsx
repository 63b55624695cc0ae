// The Returns screen (issue "packing desk app", screen 6): receive standard returns by scanning,
// act on self-ship returns, and move self-ship orders through dispatch, delivery and service.
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { ReturnCondition } from '../../../../shared/contract/returns.js';
import { say } from '../../stores/app-store.js';
import type { ReturnRow } from '../../stores/returns-store.js';
import { ConditionPrompt } from './condition-prompt.js';
import { useStation } from '../../app/station-context.js';
import { useScanTarget } from '../../scan/scan-router.js';
import { useReturnsStore } from '../../stores/returns-store.js';
import { errorWords, Field, ResultLine } from '../setup/form-field.js';
import { ActionTable } from './action-table.js';
import { istWords } from './ist-date.js';
import { isSelfShipReturn, RETURN_ACTIONS, returnActionsFor, SELFSHIP_ACTIONS, selfShipActionsFor, statusWords } from './return-actions.js';

const TYPE_WORDS: Record<string, string> = { courier_return: 'Courier return (RTO)', customer_return: 'Customer return' };

/** The product as the person holding the box knows it: title and SKU; the order item id when nothing else is known. */
function productWords(r: ReturnRow): ReactNode {
  if (!r.title && !r.sku) return `Order item ${r.orderItemId}`;
  return (
    <>
      {r.title ?? r.sku}
      {r.title && r.sku ? <span className="muted"> ({r.sku})</span> : null}
    </>
  );
}

/** The reason, in words, and the buyer's own comments where the marketplace gives them. */
function reasonWords(r: ReturnRow): ReactNode {
  const reason = r.reason ? r.reason.replace(/_/g, ' ').toLowerCase().replace(/^./, (c) => c.toUpperCase()) : '—';
  return r.comments ? (
    <>
      {reason}
      <br />
      <q className="buyer-comment">{r.comments}</q>
    </>
  ) : (
    reason
  );
}

export default function ReturnsScreen() {
  const api = useStation();
  const { returns, selfShip, loading, error, load } = useReturnsStore();
  const [scan, setScan] = useState('');
  const [scanError, setScanError] = useState<string>();
  const [received, setReceived] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const reload = useCallback(() => void load(api), [api, load]);

  useEffect(reload, [reload]);

  const [pending, setPending] = useState<string>();

  /** A scan opens the question of what came back; the answer receives it. */
  function receive(raw: string) {
    if (raw.trim() === '') {
      setScanError('Scan or type the return id, tracking id or order item id.');
      return;
    }
    setScanError(undefined);
    setReceived(undefined);
    setPending(raw.trim());
    setScan('');
  }

  async function receiveAs(condition: ReturnCondition) {
    const raw = pending;
    if (!raw) return;
    setPending(undefined);
    setBusy(true);
    try {
      const r = await api.invoke('returns.receive', { raw, condition });
      setReceived({ ok: r.ok, text: r.text });
      say(r.ok ? 'ok' : 'error', r.text);
      if (r.ok) reload();
    } catch (e) {
      setReceived({ ok: false, text: errorWords(e) });
    } finally {
      setBusy(false);
      setScan('');
    }
  }

  // A scanner's read lands here wherever the focus is; the field is for typing an id by hand.
  useScanTarget((input) => receive(input.raw));

  function submitScan(e: FormEvent) {
    e.preventDefault();
    receive(scan);
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
      {pending ? <ConditionPrompt scanned={pending} onChoose={(c) => void receiveAs(c)} onCancel={() => setPending(undefined)} /> : null}
      <div className="actions">
        <button type="button" onClick={reload} disabled={loading}>
          {loading ? 'Reading…' : 'Read the lists again'}
        </button>
      </div>
      {error ? <p role="alert">{error}</p> : null}

      <h2>Returns (standard)</h2>
      <ActionTable
        caption="Standard returns of this location"
        columns={['Return', 'Product', 'Qty', 'Kind', 'Status', 'Reason', 'Expected', 'Tracking']}
        rows={standard}
        idOf={(r) => r.returnId}
        cells={(r) => [r.returnId, productWords(r), r.quantity ?? '—', TYPE_WORDS[r.type] ?? r.type, statusWords(r.status), reasonWords(r), istWords(r.expectedDate), r.trackingId ?? '—']}
        actionsOf={() => []}
        actions={RETURN_ACTIONS}
        onChanged={reload}
        empty={loading ? 'Reading the returns…' : 'No standard returns.'}
      />

      <h2>Self-ship returns</h2>
      <ActionTable
        caption="Self-ship returns of this location"
        columns={['Return', 'Product', 'Qty', 'Kind', 'Status', 'Reason', 'Expected']}
        rows={selfShipReturns}
        idOf={(r) => r.returnId}
        createdOf={(r) => r.createdDate}
        cells={(r) => [r.returnId, productWords(r), r.quantity ?? '—', TYPE_WORDS[r.type] ?? r.type, statusWords(r.status), reasonWords(r), istWords(r.expectedDate)]}
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
