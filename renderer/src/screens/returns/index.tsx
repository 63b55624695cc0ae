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
import { Field, ResultLine } from '../setup/form-field.js';
import { errorWords } from '../../app/errors.js';
import { msgKey, tr } from '../../i18n/i18n.js';
import { saidWords } from '../../i18n/said-words.js';
import { useT } from '../../i18n/use-t.js';
import { ActionTable } from './action-table.js';
import { istWords } from './ist-date.js';
import { isSelfShipReturn, RETURN_ACTIONS, returnActionsFor, SELFSHIP_ACTIONS, selfShipActionsFor, statusWords } from './return-actions.js';

type Found = Extract<ResultOf<'returns.find'>, { ok: true }>;
type Flow = { at: 'confirm' | 'condition'; raw: string; found: Found; condition?: ReturnCondition } | { at: 'photos'; raw: string; found: Found; condition: ReturnCondition };

const TYPE_WORDS: Record<string, string> = { courier_return: msgKey('returns.type.courier'), customer_return: msgKey('returns.type.customer') };
const typeWords = (type: string) => (TYPE_WORDS[type] ? tr(TYPE_WORDS[type]) : type);

/** The product as the person holding the box knows it: title and SKU; the order item id when nothing else is known. */
function productWords(r: ReturnRow): ReactNode {
  if (!r.title && !r.sku) return tr('returns.orderItem', { id: r.orderItemId });
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
  const { t } = useT();
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
      setScanError(t('returns.scanEmpty'));
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
        const text = saidWords(found);
        setReceived({ ok: false, text });
        say('error', text);
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
      const text = saidWords(r);
      setReceived({ ok: r.ok, text });
      say(r.ok ? 'ok' : 'error', text);
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
      const text = t('returns.stillReceiving', { id: firstId, code: input.raw.trim() });
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
    <section aria-label={t('returns.title')} className="screen screen-returns">
      <h1>{t('returns.heading')}</h1>
      <form aria-label={t('returns.receiveForm')} onSubmit={submitScan} noValidate className="panel">
        <Field id="return-scan" label={t('returns.scanLabel')} error={scanError} hint={t('returns.scanHint')}>
          {(a) => <input {...a} autoFocus autoComplete="off" value={scan} onChange={(e) => setScan(e.target.value)} />}
        </Field>
        <button type="submit" disabled={busy}>
          {t('returns.receiveButton')}
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
          {loading ? t('returns.reading') : t('returns.readAgain')}
        </button>
      </div>
      {error ? <p role="alert">{error}</p> : null}

      <h2>{t('returns.standardHeading')}</h2>
      <ActionTable
        caption={t('returns.standardCaption')}
        columns={[t('returns.col.return'), t('returns.col.product'), t('returns.col.qty'), t('returns.col.kind'), t('returns.col.status'), t('returns.col.reason'), t('returns.col.expected'), t('returns.col.tracking')]}
        rows={standard}
        idOf={(r) => r.returnId}
        cells={(r) => [r.returnId, productWords(r), r.quantity ?? '—', typeWords(r.type), statusWords(r.status), reasonWords(r), istWords(r.expectedDate), r.trackingId ?? '—']}
        actionsOf={() => []}
        actions={RETURN_ACTIONS}
        onChanged={reload}
        empty={loading ? t('returns.readingReturns') : t('returns.noStandard')}
      />

      <h2>{t('returns.selfShipReturnsHeading')}</h2>
      <ActionTable
        caption={t('returns.selfShipReturnsCaption')}
        columns={[t('returns.col.return'), t('returns.col.product'), t('returns.col.qty'), t('returns.col.kind'), t('returns.col.status'), t('returns.col.reason'), t('returns.col.expected')]}
        rows={selfShipReturns}
        idOf={(r) => r.returnId}
        createdOf={(r) => r.createdDate}
        cells={(r) => [r.returnId, productWords(r), r.quantity ?? '—', typeWords(r.type), statusWords(r.status), reasonWords(r), istWords(r.expectedDate)]}
        actionsOf={returnActionsFor}
        actions={RETURN_ACTIONS}
        onChanged={reload}
        empty={loading ? t('returns.readingReturns') : t('returns.noSelfShipReturns')}
      />

      <h2>{t('returns.selfShipOrdersHeading')}</h2>
      <ActionTable
        caption={t('returns.selfShipOrdersCaption')}
        columns={[t('returns.col.shipment'), t('returns.col.orders'), t('returns.col.status'), t('returns.col.dispatchBy'), t('returns.col.installation')]}
        rows={selfShip}
        idOf={(s) => s.shipmentId}
        cells={(s) => [s.shipmentId, s.orderIds.join(', '), statusWords(s.status), istWords(s.dispatchByDate), s.hasService ? t('returns.yes') : t('returns.no')]}
        actionsOf={selfShipActionsFor}
        actions={SELFSHIP_ACTIONS}
        onChanged={reload}
        empty={loading ? t('returns.readingShipments') : t('returns.noSelfShipOrders')}
      />

      <ClaimsPanel epoch={claimsEpoch} />
    </section>
  );
}
