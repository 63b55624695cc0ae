// The scan-out check: while it runs, every scan on the Dispatch screen ticks a box off the
// loading list instead of marking ready to dispatch; the list shows what is loaded, which boxes
// are missing, and anything scanned that is not on the manifest.
import { useState } from 'react';
import { useStation } from '../../app/station-context.js';
import { boxCount, boxesLoaded, boxesMissing, boxTotals, scanOut, startScanOut, stopScanOut, useScanOutStore } from '../../stores/scan-out-store.js';

export function ScanOutPanel() {
  const api = useStation();
  const { parcels, loaded, strangers, loading, capped } = useScanOutStore();
  const [typed, setTyped] = useState('');
  if (!parcels) {
    return (
      <section aria-labelledby="scan-out-heading" className="scan-out">
        <h2 id="scan-out-heading">Loading the truck</h2>
        <button type="button" disabled={loading} onClick={() => void startScanOut(api)}>
          {loading ? 'Reading the manifest…' : 'Start the scan-out check'}
        </button>
      </section>
    );
  }
  const totals = boxTotals(parcels, loaded);
  const missing = parcels.filter((p) => boxesMissing(p, loaded).length > 0);
  const missingWords = missing.map((p) => (boxCount(p) === 1 ? p.shipmentId : `${p.shipmentId} (box ${boxesMissing(p, loaded).join(', ')} of ${boxCount(p)})`));
  return (
    <section aria-labelledby="scan-out-heading" className="scan-out active">
      <h2 id="scan-out-heading">Loading the truck</h2>
      <p role="status" aria-label="Loading progress" className={missing.length === 0 ? 'result result-ok' : 'result'}>
        {missing.length === 0
          ? `All ${totals.boxes} boxes of ${parcels.length} shipments are loaded.`
          : `Loaded ${totals.loaded} of ${totals.boxes} boxes. Missing ${missing.length} shipment${missing.length === 1 ? '' : 's'}: ${missingWords.join(', ')}.`}
        {capped ? ' Only the first 5,000 are listed.' : ''}
      </p>
      <p className="hint">Scan each box as it goes onto the truck: the label (shipment barcode or tracking id) of a single box, the box slip (“Box n of N”) of each box of a multi-package shipment.</p>
      <form
        className="dispatch-typed"
        onSubmit={(e) => {
          e.preventDefault();
          if (typed.trim()) scanOut(typed);
          setTyped('');
        }}
      >
        <label>
          Parcel that will not scan
          <input type="text" value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
        </label>
        <button type="submit">Tick off</button>
      </form>
      <ul aria-label="Loading list" className="loading-list">
        {parcels.map((p) => {
          const n = boxCount(p);
          const have = boxesLoaded(p, loaded).length;
          const done = have === n;
          return (
            <li key={p.shipmentId} className={done ? 'result ok' : 'result missing'}>
              {done ? '✓' : have > 0 ? '◐' : '○'} {p.shipmentId} — {p.what}
              {n > 1 ? ` — ${have} of ${n} boxes` : ''}
              {done ? '' : n > 1 ? `, missing box ${boxesMissing(p, loaded).join(', ')}` : ' — missing'}
            </li>
          );
        })}
      </ul>
      {strangers.length > 0 ? (
        <p className="field-problem" aria-label="Not on the manifest">
          Not on the manifest (keep off the truck): {strangers.join(', ')}
        </p>
      ) : null}
      <button type="button" onClick={stopScanOut}>
        Finish the check
      </button>
    </section>
  );
}
