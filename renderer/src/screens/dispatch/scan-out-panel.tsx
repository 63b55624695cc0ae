// The scan-out check: while it runs, every scan on the Dispatch screen ticks a parcel off the
// loading list instead of marking ready to dispatch; the list shows what is loaded, what is
// missing, and anything scanned that is not on the manifest.
import { useState } from 'react';
import { useStation } from '../../app/station-context.js';
import { scanOut, startScanOut, stopScanOut, useScanOutStore } from '../../stores/scan-out-store.js';

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
  const missing = parcels.filter((p) => !loaded.includes(p.shipmentId));
  return (
    <section aria-labelledby="scan-out-heading" className="scan-out active">
      <h2 id="scan-out-heading">Loading the truck</h2>
      <p role="status" aria-label="Loading progress" className={missing.length === 0 ? 'result result-ok' : 'result'}>
        {missing.length === 0 ? `All ${parcels.length} parcels are loaded.` : `Loaded ${loaded.length} of ${parcels.length}. Missing ${missing.length}: ${missing.map((p) => p.shipmentId).join(', ')}.`}
        {capped ? ' Only the first 5,000 are listed.' : ''}
      </p>
      <p className="hint">Scan each parcel's shipment barcode (or tracking id) as it goes onto the truck.</p>
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
          const done = loaded.includes(p.shipmentId);
          return (
            <li key={p.shipmentId} className={done ? 'result ok' : 'result missing'}>
              {done ? '✓' : '○'} {p.shipmentId} — {p.what}
              {p.packages > 1 ? ` (${p.packages} boxes)` : ''}
              {done ? '' : ' — missing'}
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
