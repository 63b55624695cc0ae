// The Returns screen (issue "packing desk app", screen 6): receive standard returns by scanning,
// act on self-ship returns, and move self-ship orders through dispatch, delivery and service.
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import './returns.css';
import type { ReturnCondition } from '../../../../shared/contract/returns.js';
import { say } from '../../stores/app-store.js';
import type { ReturnRow } from '../../stores/returns-store.js';
import { ConditionPrompt } from './condition-prompt.js';
import { ConfirmStep } from './confirm-step.js';
import { PhotoStep } from './photo-step.js';
import { ClaimsPanel } from './claims-panel.js';
import type { Still } from './return-camera.js';
import type { ResultOf } from '../../../../shared/contract.js';
import { useStation } from '../../app/station-context.js';
import { useScanTarget } from '../../scan/scan-router.js';
import { useReturnsStore } from '../../stores/returns-store.js';
import { errorWords, Field, ResultLine } from '../setup/form-field.js';
import { ActionTable } from './action-table.js';
import { istWords } from './ist-date.js';
import { isSelfShipReturn, RETURN_ACTIONS, returnActionsFor, SELFSHIP_ACTIONS, selfShipActionsFor, statusWords } from './return-actions.js';

type Found = Extract<ResultOf<'returns.find'>, { ok: true }>;
type Flow = { at: 'confirm' | 'condition'; raw: string; found: Found; condition?: ReturnCondition } | { at: 'photos'; raw: string; found: Found; condition: ReturnCondition };

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

  // Receiving goes scan → the return and its location confirmed → what came back → photos → done.
  const [flow, setFlow] = useState<Flow>();
  const [claimsEpoch, setClaimsEpoch] = useState(0);

  /** A scan finds the return first; nothing changes until the last step. */
  async function receive(raw: string) {
    if (raw.trim() === '') {
      setScanError('Scan or type the return id, tracking id or order item id.');
      return;
    }
    setScanError(undefined);
    setReceived(undefined);
    setFlow(undefined);
    setScan('');
    setBusy(true);
    try {
      const found = await api.invoke('returns.find', { raw: raw.trim() });
      if (!found.ok) {
        setReceived({ ok: false, text: found.text });
        say('error', found.text);
      } else setFlow({ at: 'confirm', raw: raw.trim(), found });
    } catch (e) {
      setReceived({ ok: false, text: errorWords(e) });
    } finally {
      setBusy(false);
    }
  }

  async function finish(f: Extract<Flow, { at: 'photos' }>, photos: Still[], notes: string) {
    setBusy(true);
    try {
      const r = await api.invoke('returns.receive', {
        raw: f.raw,
        condition: f.condition,
        returnIds: f.found.returns.map((x) => x.returnId),
        ...(notes.trim() ? { notes: notes.trim() } : {}),
        ...(photos.length > 0 ? { photos: photos.map((p) => p.data) } : {}),
      });
      setReceived({ ok: r.ok, text: r.text });
      say(r.ok ? 'ok' : 'error', r.text);
      setFlow(undefined);
      reload();
      setClaimsEpoch((n) => n + 1);
    } catch (e) {
      // The photos stay on screen: the person can try again or go back.
      setReceived({ ok: false, text: errorWords(e) });
    } finally {
      setBusy(false);
      setScan('');
    }
  }

  const cancelFlow = useCallback(() => setFlow(undefined), []);
  // Stable answers: the prompt waits a moment after a digit (a scanner burst also holds digits), and a re-render must not drop it.
  const choose = useCallback((condition: ReturnCondition) => setFlow((f) => (f ? { ...f, at: 'photos', condition } : f)), []);
  const backToConfirm = useCallback(() => setFlow((f) => (f ? { ...f, at: 'confirm' } : f)), []);
  const firstId = flow ? flow.found.returns[0]!.returnId : '';

  // A scanner's read lands here wherever the focus is; the field is for typing an id by hand.
  // Once the condition is being asked, the return in hand is not dropped for another package.
  useScanTarget((input) => {
    if (flow && flow.at !== 'confirm') {
      const text = `Return ${firstId} is still being received: finish it (Ctrl+Enter on the photos) or go back with Esc, then scan ${input.raw.trim()} again.`;
      say('error', text);
      return;
    }
    void receive(input.raw);
  });

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
      {flow?.at === 'confirm' ? <ConfirmStep found={flow.found} onConfirm={() => setFlow({ ...flow, at: 'condition' })} onCancel={cancelFlow} /> : null}
      {flow?.at === 'condition' ? <ConditionPrompt scanned={firstId} onChoose={choose} onCancel={backToConfirm} /> : null}
      {flow?.at === 'photos' ? (
        <PhotoStep
          returnId={firstId}
          claim={flow.condition !== 'sellable'}
          busy={busy}
          onDone={(photos, notes) => void finish(flow, photos, notes)}
          onBack={() => setFlow({ ...flow, at: 'condition' })}
        />
      ) : null}
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

      <ClaimsPanel epoch={claimsEpoch} />
    </section>
  );
}
