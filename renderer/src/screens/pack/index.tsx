// The Pack screen (issue "packing desk app", screen 3): scan a shipment, scan each unit (and its
// serial when asked), weigh and measure, pack with Enter or on the final scan, and follow the
// label to the printer. Esc puts the shipment aside.
import { useEffect, useState } from 'react';
import type { SessionView } from '../../../../shared/contract/desk.js';
import { deskWords } from '../../app/desk-words.js';
import { useStation } from '../../app/station-context.js';
import { msgKey, tr } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';
import { onDoubleRead, routeScan, useScanTarget } from '../../scan/scan-router.js';
import { useAppStore } from '../../stores/app-store.js';
import { followDesk, pack, putAside, removeSerial, scan, undoLastScan, useDeskStore } from '../../stores/desk-store.js';
import { BarcodePrompt } from './barcode-prompt.js';
import { LabelJobs } from './label-jobs.js';
import { MeasurePanel } from './measure-panel.js';
import { ReprintOffer } from './reprint-offer.js';
import { ScanField, refocusScanAfter } from './scan-field.js';
import { UnitLines } from './unit-lines.js';
import { WavePanel } from './wave-panel.js';

/** Key (a catalogue key where the key's name is a word) and what it does. */
const SHORTCUTS: [string, string][] = [
  [msgKey('pack.keys.scan'), msgKey('pack.keys.scanDoes')],
  ['Enter', msgKey('pack.keys.enter')],
  ['Ctrl+Z', msgKey('pack.keys.undo')],
  ['Esc', msgKey('pack.keys.esc')],
  ['Alt+M', msgKey('pack.keys.measure')],
  ['Alt+W', msgKey('pack.keys.wave')],
];
const COUNT_SHORTCUT: [string, string] = ['12 Enter', msgKey('pack.keys.count')];

function promptFor(session: SessionView | undefined): string {
  if (!session) return tr('pack.prompt.start');
  if (session.phase === 'serial') {
    const line = session.lines.find((l) => l.orderItemId === session.serialFor);
    const title = line?.title ?? tr('pack.theUnit');
    return line?.imei ? tr('pack.prompt.serialImei', { title }) : tr('pack.prompt.serial', { title });
  }
  if (session.phase === 'measuring') return (session.parcels.length > 1 ? tr('pack.prompt.measureEach') : tr('pack.prompt.measure'));
  if (session.phase === 'ready') return tr('pack.prompt.ready');
  return tr('pack.prompt.units');
}

export default function PackScreen() {
  const api = useStation();
  const { t } = useT();
  const view = useDeskStore((s) => s.view);
  const session = view?.session;
  const undoWords = session?.undo ? deskWords({ text: session.undo, sentences: session.undoSentence ? [session.undoSentence] : undefined }) : undefined;
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
    <section aria-label={t('pack.title')} className="pack-screen">
      {/* Two columns on a desk monitor: what the packer scans and checks on the left, the scale,
          labels and waves on the right, so a 1366x768 screen shows everything without scrolling. */}
      <div className="pack-main">
        <div className="pack-top">
          <h1>{t('pack.title')}</h1>
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
            {deskWords(view.feedback)}
          </div>
        ) : null}
        {view?.reprint && !session ? <ReprintOffer shipmentId={view.reprint} /> : null}
        {doubleRead ? (
          <p className="double-read" role="note" aria-label={t('pack.doubleRead')}>
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
              <button type="button" disabled={!session.undo} title={undoWords ? t('pack.undoTitle', { what: undoWords }) : t('pack.nothingToUndo')} onClick={() => void undoLastScan(api).then(refocusScanAfter())}>
                {undoWords ? t('pack.undoWhat', { what: undoWords }) : t('pack.undo')}
              </button>
              {session.phase === 'ready' ? (
                <button type="button" className="primary" onClick={() => void pack(api).then(refocusScanAfter())}>
                  {t('pack.packShipment')}
                </button>
              ) : null}
              <button type="button" onClick={() => void putAside(api).then(refocusScanAfter())}>
                {t('pack.putAside')}
              </button>
            </div>
          </div>
        ) : null}
      </div>
      <div className="pack-side">
        {session ? <MeasurePanel session={session} /> : null}
        <LabelJobs jobs={view?.jobs ?? []} />
        <WavePanel />
        <aside aria-label={t('pack.shortcuts')} className="shortcuts">
          <h2>{t('pack.shortcuts')}</h2>
          <dl>
            {[...SHORTCUTS, ...(typedCounts ? [COUNT_SHORTCUT] : [])].map(([key, what]) => (
              <div key={key}>
                <dt>
                  <kbd>{key.startsWith('pack.') ? t(key) : key}</kbd>
                </dt>
                <dd>{t(what)}</dd>
              </div>
            ))}
          </dl>
        </aside>
      </div>
    </section>
  );
}
