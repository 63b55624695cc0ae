// The Dispatch & handover screen (issue "packing desk app", screen 5): mark ready to dispatch by
// scanning each packed shipment or for the whole wave, see what waits for the courier per vendor
// group and print its manifest, and cancel a shipment (with a reason, after a confirmation).
import { useEffect, useState } from 'react';
import { useStation } from '../../app/station-context.js';
import { useScanTarget } from '../../scan/scan-router.js';
import { playSound } from '../../sound/feedback-sound.js';
import { say, useAppStore } from '../../stores/app-store.js';
import { cancelPreview, cancelShipment, dispatchScan, dispatchWholeWave, loadHandover, printManifest, useDispatchStore } from '../../stores/dispatch-store.js';
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
  return dayA === dayB && timeB ? `${a} to ${timeB}` : `${a} to ${b}`;
}

export default function DispatchScreen() {
  const api = useStation();
  const epoch = useAppStore((s) => s.epoch);
  const { results, counts, countsError } = useDispatchStore();
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
      say('error', 'Finish or close the cancel dialog (Esc) before scanning.');
      playSound('failure');
      return;
    }
    void dispatchScan(api, { raw, source });
  });

  const askCancel = async () => {
    const id = cancelId.trim().toUpperCase();
    if (!id) {
      say('error', 'Type or scan the shipment id to cancel first.');
      return;
    }
    const warning = await cancelPreview(api, id);
    if (warning !== undefined) setDialog({ shipmentId: id, warning });
  };

  return (
    <section aria-label="Dispatch" className="dispatch-screen">
      <h1>Dispatch &amp; handover</h1>
      <p className="hint">{scanningOut ? 'Loading check running: scans tick parcels off the loading list.' : 'Scan each packed shipment to mark it ready to dispatch.'}</p>
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
              Shipment to mark ready to dispatch
              <input type="text" value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
            </label>
            <button type="submit">Mark ready to dispatch</button>
            <button type="button" onClick={() => void dispatchWholeWave(api)}>
              Dispatch the whole wave
            </button>
          </form>

          <ScanOutPanel />

          {results.length > 0 ? (
            <section aria-labelledby="dispatch-results-heading">
              <h2 id="dispatch-results-heading">Marked at this desk</h2>
              <ul aria-label="Dispatch results" className="dispatch-results">
                {results.slice(0, 20).map((r, i) => (
                  <li key={`${r.shipmentId}-${r.at}-${i}`} className={r.ok ? 'result ok' : 'result error'}>
                    {r.ok ? '✓' : '✗'} {r.shipmentId}: {r.text}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        <div className="dispatch-handover">
          <section aria-labelledby="handover-heading">
            <h2 id="handover-heading">Handover to the courier</h2>
            <button type="button" onClick={() => void loadHandover(api)}>
              Refresh counts
            </button>
            {countsError ? <p className="field-problem">{countsError}</p> : null}
            {counts.length === 0 && !countsError ? <p>Nothing is waiting for handover.</p> : null}
            {counts.length > 0 ? (
              <table className="handover">
                <thead>
                  <tr>
                    <th scope="col">Courier group</th>
                    <th scope="col">Shipments</th>
                    <th scope="col">Pickup</th>
                    <th scope="col">Courier's code</th>
                    <th scope="col">
                      <span className="visually-hidden">Manifest</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {counts.map((c) => (
                    <tr key={c.vendorGroupCode}>
                      <td>{c.vendorGroupCode}</td>
                      <td>
                        {c.count}
                        {c.mpsCount > 0 ? ` (${c.mpsCount} with several boxes)` : ''}
                      </td>
                      <td>{pickupWords(c.pickupFrom, c.pickupTo)}</td>
                      <td>{c.otc ? <strong className="otc">{c.otc}</strong> : c.otcProblem ? `Not given: ${c.otcProblem}` : 'Not given'}</td>
                      <td>
                        <button type="button" onClick={() => void printManifest(api, c.vendorGroupCode)}>
                          Print manifest<span className="visually-hidden"> for {c.vendorGroupCode}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </section>

          <section aria-labelledby="cancel-heading" className="cancel-section">
            <h2 id="cancel-heading">Cancel a shipment</h2>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void askCancel();
              }}
            >
              <label>
                Shipment to cancel
                <input type="text" value={cancelId} autoComplete="off" onChange={(e) => setCancelId(e.target.value)} />
              </label>
              <button type="submit" className="danger">
                Cancel shipment…
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
