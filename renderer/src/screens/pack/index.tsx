// The Pack screen (issue "packing desk app", screen 3): scan a shipment, scan each unit (and its
// serial when asked), weigh and measure, pack with Enter or on the final scan, and follow the
// label to the printer. Esc puts the shipment aside.
import { useEffect, useState } from 'react';
import type { SessionView } from '../../../../shared/contract/desk.js';
import { useStation } from '../../app/station-context.js';
import { onDoubleRead, routeScan, useScanTarget } from '../../scan/scan-router.js';
import { useAppStore } from '../../stores/app-store.js';
import { followDesk, pack, putAside, removeSerial, scan, undoLastScan, useDeskStore } from '../../stores/desk-store.js';
import { BarcodePrompt } from './barcode-prompt.js';
import { LabelJobs } from './label-jobs.js';
import { MeasurePanel } from './measure-panel.js';
import { ScanField, refocusScanAfter } from './scan-field.js';
import { UnitLines } from './unit-lines.js';
import { WavePanel } from './wave-panel.js';

const SHORTCUTS: [string, string][] = [
  ['Scan', 'open a shipment, verify a unit, record a serial'],
  ['Enter', 'pack (when the field is empty)'],
  ['Ctrl+Z', 'undo last scan'],
  ['Esc', 'put the shipment aside'],
  ['Alt+M', 'type weight and size'],
  ['Alt+W', 'wave'],
];

function promptFor(session: SessionView | undefined): string {
  if (!session) return 'Scan a shipment label, order id or product';
  if (session.phase === 'serial') {
    const line = session.lines.find((l) => l.orderItemId === session.serialFor);
    return `Scan the ${line?.imei ? 'IMEI' : 'IMEI / serial number'} of ${line?.title ?? 'the unit'}`;
  }
  if (session.phase === 'measuring') return session.parcels.length > 1 ? 'Weigh and measure each box (Alt+M)' : 'Weigh and measure the package (Alt+M)';
  if (session.phase === 'ready') return 'Ready: press Enter to pack';
  return 'Scan each unit of the shipment';
}

export default function PackScreen() {
  const api = useStation();
  const view = useDeskStore((s) => s.view);
  const session = view?.session;
  useEffect(() => followDesk(api), [api]);
  const typedCounts = useAppStore((s) => s.settings.scan.typedCounts);
  // The last ignored double read stays in view until the next scan: the status line moves on.
  const [doubleRead, setDoubleRead] = useState<string>();
  useEffect(() => onDoubleRead(setDoubleRead), []);
  useScanTarget(({ raw, source }) => {
    setDoubleRead(undefined);
    void scan(api, raw, source).then(refocusScanAfter());
  });
  useEffect(() => {
    // Ctrl+Z anywhere on the Pack screen but in a field being edited (which has its own undo).
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 'z') return;
      const el = document.activeElement as HTMLInputElement | null;
      const editing = el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') && el.value !== '';
      if (editing) return;
      e.preventDefault();
      void undoLastScan(api).then(refocusScanAfter());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [api]);

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
        {doubleRead ? (
          <p className="double-read" role="note" aria-label="Double read">
            {doubleRead}
          </p>
        ) : null}
        {session?.phase === 'serial' ? (
          <p className="serial-prompt" role="note">
            {promptFor(session)}
          </p>
        ) : null}
        {session ? (
          <div className="pack-session">
            <UnitLines session={session} onRemoveSerial={(serial) => void removeSerial(api, serial).then(refocusScanAfter())} />
            <div className="pack-actions">
              <button type="button" disabled={!session.undo} title={session.undo ? `Takes back ${session.undo}` : 'Nothing to undo yet'} onClick={() => void undoLastScan(api).then(refocusScanAfter())}>
                Undo last scan (Ctrl+Z){session.undo ? `: ${session.undo}` : ''}
              </button>
              {session.phase === 'ready' ? (
                <button type="button" className="primary" onClick={() => void pack(api).then(refocusScanAfter())}>
                  Pack shipment (Enter)
                </button>
              ) : null}
              <button type="button" onClick={() => void putAside(api).then(refocusScanAfter())}>
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
            {[...SHORTCUTS, ...(typedCounts ? [['12 Enter', 'count 12 units of the product just scanned'] as [string, string]] : [])].map(([key, what]) => (
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
