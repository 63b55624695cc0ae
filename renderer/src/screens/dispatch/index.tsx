// The Dispatch & handover screen (issue "packing desk app", screen 5): mark ready to dispatch by
// scanning each packed shipment or for the whole wave, see what waits for the courier per vendor
// group and print its manifest, and cancel a shipment (with a reason, after a confirmation).
import { useEffect, useState } from 'react';
import { deskWords } from '../../app/desk-words.js';
import { useStation } from '../../app/station-context.js';
import { tr } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';
import { useScanTarget } from '../../scan/scan-router.js';
import { playSound } from '../../sound/feedback-sound.js';
import { say, useAppStore } from '../../stores/app-store.js';
import { cancelPreview, cancelShipment, dispatchScan, dispatchWholeWave, loadHandover, printManifest, useDispatchStore, type ShipmentResult } from '../../stores/dispatch-store.js';
import { shortDateTime } from '../queue/countdown.js';
import { scanOut, useScanOutStore } from '../../stores/scan-out-store.js';
import { CancelDialog } from './cancel-dialog.js';
import { ScanOutPanel } from './scan-out-panel.js';

/** The pickup window in words: "today 14:00 to 18:00" style, from the queue's short IST form. */
function pickupWords(from: string, to: string): string {
  const a = shortDateTime(from);
  const b = shortDateTime(to);
  const [dayA] = a.split(', ');
  const [dayB, timeB] = b.split(', ');
  return tr('dispatch.pickupWindow', { from: a, to: dayA === dayB && timeB ? timeB : b });
}

export default function DispatchScreen() {
  const api = useStation();
  const { t, fmt } = useT();
  const epoch = useAppStore((s) => s.epoch);
  const { results, counts, countsError } = useDispatchStore();
  const marked = results.filter((r) => !r.cancel);
  const cancelled = results.filter((r) => r.cancel);
  const [typed, setTyped] = useState('');
  const [cancelId, setCancelId] = useState('');
  const [dialog, setDialog] = useState<{ shipmentId: string; warning: string } | undefined>();

  useEffect(() => {
    void loadHandover(api);
  }, [api, epoch]);

  const scanningOut = useScanOutStore((x) => x.parcels !== undefined);
  useScanTarget(({ raw, source }) => {
    if (useScanOutStore.getState().parcels) {
      scanOut(raw);
      return;
    }
    if (dialog) {
      say('error', tr('dispatch.finishDialogFirst'));
      playSound('failure');
      return;
    }
    void dispatchScan(api, { raw, source });
  });

  const askCancel = async () => {
    const id = cancelId.trim().toUpperCase();
    if (!id) {
      say('error', tr('dispatch.typeIdFirst'));
      return;
    }
    const warning = await cancelPreview(api, id);
    if (warning !== undefined) setDialog({ shipmentId: id, warning });
  };

  return (
    <section aria-label={t('screen.dispatch')} className="dispatch-screen">
      <h1>{t('dispatch.title')}</h1>
      <p className="hint">{(scanningOut ? t('dispatch.hintScanOut') : t('dispatch.hint'))}</p>
      {/* Two columns on a desk monitor: the scans and their outcomes grow on the left while the
          courier handover table stays at the top on the right. */}
      <div className="dispatch-columns">
        <div className="dispatch-scan">
          <form
            className="dispatch-typed"
            onSubmit={(e) => {
              e.preventDefault();
              const raw = typed.trim();
              if (!raw) return;
              setTyped('');
              void dispatchScan(api, { raw, source: 'typed' });
            }}
          >
            <label>
              {t('dispatch.markField')}
              <input type="text" value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
            </label>
            <button type="submit">{t('dispatch.mark')}</button>
            <button type="button" onClick={() => void dispatchWholeWave(api)}>
              {t('dispatch.wholeWave')}
            </button>
          </form>

          <ScanOutPanel />

          <ResultList heading={t('dispatch.marked')} label={t('dispatch.results')} results={marked} />
          <ResultList heading={t('dispatch.cancelledHere')} label={t('dispatch.cancelResults')} results={cancelled} cancel />
        </div>
        <div className="dispatch-handover">
          <section aria-labelledby="handover-heading">
            <h2 id="handover-heading">{t('dispatch.handover')}</h2>
            <button type="button" onClick={() => void loadHandover(api)}>
              {t('dispatch.refresh')}
            </button>
            {countsError ? <p className="field-problem">{countsError}</p> : null}
            {counts.length === 0 && !countsError ? <p>{t('dispatch.nothingWaiting')}</p> : null}
            {counts.length > 0 ? (
              <table className="handover">
                <thead>
                  <tr>
                    <th scope="col">{t('dispatch.group')}</th>
                    <th scope="col">{t('dispatch.shipments')}</th>
                    <th scope="col">{t('dispatch.pickup')}</th>
                    <th scope="col">{t('dispatch.otc')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('dispatch.manifest')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {counts.map((c) => (
                    <tr key={c.vendorGroupCode}>
                      <td>{c.vendorGroupCode}</td>
                      <td>
                        {fmt.number(c.count)}
                        {c.mpsCount > 0 ? t('dispatch.severalBoxes', { count: c.mpsCount }) : ''}
                      </td>
                      <td>{pickupWords(c.pickupFrom, c.pickupTo)}</td>
                      <td>{c.otc ? <strong className="otc">{c.otc}</strong> : c.otcProblem ? t('dispatch.notGivenWhy', { why: c.otcProblem }) : t('dispatch.notGiven')}</td>
                      <td>
                        <button type="button" onClick={() => void printManifest(api, c.vendorGroupCode)}>
                          {t('dispatch.printManifest')}
                          <span className="visually-hidden">{t('dispatch.manifestFor', { group: c.vendorGroupCode })}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </section>

          <section aria-labelledby="cancel-heading" className="cancel-section">
            <h2 id="cancel-heading">{t('dispatch.cancelTitle')}</h2>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void askCancel();
              }}
            >
              <label>
                {t('dispatch.cancelField')}
                <input type="text" value={cancelId} autoComplete="off" onChange={(e) => setCancelId(e.target.value)} />
              </label>
              <button type="submit" className="danger">
                {t('dispatch.cancelButton')}
              </button>
            </form>
          </section>
        </div>
      </div>

      {dialog ? (
        <CancelDialog
          shipmentId={dialog.shipmentId}
          warning={dialog.warning}
          onConfirm={async (reason) => {
            const ok = await cancelShipment(api, { shipmentId: dialog.shipmentId, reason });
            if (ok) setCancelId('');
            return ok;
          }}
          onClose={() => setDialog(undefined)}
        />
      ) : null}
    </section>
  );
}

/** Outcomes at this desk, newest first: a tick for a shipment marked ready, "Cancelled" for a cancellation, a cross for a refusal. */
function ResultList({ heading, label, results, cancel = false }: { heading: string; label: string; results: ShipmentResult[]; cancel?: boolean }) {
  const { t } = useT();
  if (results.length === 0) return null;
  const id = cancel ? 'dispatch-cancelled-heading' : 'dispatch-results-heading';
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <ul aria-label={label} className="dispatch-results">
        {results.slice(0, 20).map((r, i) => (
          <li key={`${r.shipmentId}-${r.at}-${i}`} className={r.ok ? 'result ok' : 'result error'}>
            {r.ok ? (cancel ? `${t('dispatch.cancelledMark')}:` : '✓') : '✗'} {r.shipmentId}: {deskWords(r)}
          </li>
        ))}
      </ul>
    </section>
  );
}
