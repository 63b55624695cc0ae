// The Pack screen (issue "packing desk app", screen 3): scan a shipment, scan each unit (and its
// serial when asked), weigh and measure, pack with Enter or on the final scan, and follow the
// label to the printer. Esc puts the shipment aside.
import { useEffect } from 'react';
import type { SessionView } from '../../../../shared/contract/desk.js';
import { useStation } from '../../app/station-context.js';
import { routeScan, useScanTarget } from '../../scan/scan-router.js';
import { followDesk, pack, putAside, scan, useDeskStore } from '../../stores/desk-store.js';
import { BarcodePrompt } from './barcode-prompt.js';
import { LabelJobs } from './label-jobs.js';
import { MeasurePanel } from './measure-panel.js';
import { ScanField, refocusScan } from './scan-field.js';
import { UnitLines } from './unit-lines.js';
import { WavePanel } from './wave-panel.js';

const SHORTCUTS: [string, string][] = [
  ['Scan', 'open a shipment, verify a unit, record a serial'],
  ['Enter', 'pack (when the field is empty)'],
  ['Esc', 'put the shipment aside'],
  ['Alt+M', 'type weight and size'],
  ['Alt+W', 'wave'],
];

function promptFor(session: SessionView | undefined): string {
  if (!session) return 'Scan a shipment label, an order id or a product';
  if (session.phase === 'serial') {
    const line = session.lines.find((l) => l.orderItemId === session.serialFor);
    return `Scan the IMEI / serial number of ${line?.title ?? 'the unit'}`;
  }
  if (session.phase === 'measuring') return 'Weigh and measure the package (Alt+M to type)';
  if (session.phase === 'ready') return 'Ready: press Enter to pack';
  return 'Scan each unit of the shipment';
}

export default function PackScreen() {
  const api = useStation();
  const view = useDeskStore((s) => s.view);
  const session = view?.session;
  useEffect(() => followDesk(api), [api]);
  useScanTarget(({ raw, source }) => {
    void scan(api, raw, source).then(refocusScan);
  });

  return (
    <section aria-label="Pack" className="pack-screen">
      {/* Two columns on a desk monitor: what the packer scans and checks on the left, the scale,
          labels and waves on the right, so a 1366x768 screen shows everything without scrolling. */}
      <div className="pack-main">
        <div className="pack-top">
          <h1>Pack</h1>
          <ScanField
            prompt={promptFor(session)}
            onScan={(raw) => routeScan(raw, 'typed')}
            onEnterEmpty={() => void pack(api)}
            onEscape={() => void putAside(api)}
          />
        </div>
        {view ? <BarcodePrompt view={view} /> : null}
        {view ? (
          <div className={`desk-feedback tone-${view.feedback.tone}`} aria-hidden="true">
            {view.feedback.text}
          </div>
        ) : null}
        {session?.phase === 'serial' ? (
          <p className="serial-prompt" role="note">
            {promptFor(session)}
          </p>
        ) : null}
        {session ? (
          <div className="pack-session">
            <UnitLines session={session} />
            <div className="pack-actions">
              {session.phase === 'ready' ? (
                <button type="button" className="primary" onClick={() => void pack(api).then(refocusScan)}>
                  Pack shipment (Enter)
                </button>
              ) : null}
              <button type="button" onClick={() => void putAside(api).then(refocusScan)}>
                Put aside (Esc)
              </button>
            </div>
          </div>
        ) : null}
      </div>
      <div className="pack-side">
        {session ? <MeasurePanel session={session} /> : null}
        <LabelJobs jobs={view?.jobs ?? []} />
        <WavePanel />
        <aside aria-label="Shortcuts" className="shortcuts">
          <h2>Shortcuts</h2>
          <dl>
            {SHORTCUTS.map(([key, what]) => (
              <div key={key}>
                <dt>
                  <kbd>{key}</kbd>
                </dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
        </aside>
      </div>
    </section>
  );
}
