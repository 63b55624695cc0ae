// The scan-out check: while it runs, every scan on the Dispatch screen ticks a box off the
// loading list instead of marking ready to dispatch; the list shows what is loaded, which boxes
// are missing (each with the lead's tick-off by hand, for a slip that will not scan), and
// anything scanned that is not on the manifest.
import { useState } from 'react';
import { useStation } from '../../app/station-context.js';
import { useT } from '../../i18n/use-t.js';
import { boxCount, boxesLoaded, boxesMissing, boxTotals, scanOut, startScanOut, stopScanOut, tickOffByLead, useScanOutStore } from '../../stores/scan-out-store.js';
import { LeadTickDialog } from './lead-tick-dialog.js';

export function ScanOutPanel() {
  const api = useStation();
  const { t } = useT();
  const { parcels, loaded, strangers, loading, capped } = useScanOutStore();
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState<{ shipmentId: string; box: number; total: number } | undefined>();
  if (!parcels) {
    return (
      <section aria-labelledby="scan-out-heading" className="scan-out">
        <h2 id="scan-out-heading">{t('dispatch.scanOut.title')}</h2>
        <button type="button" disabled={loading} onClick={() => void startScanOut(api)}>
          {(loading ? t('dispatch.scanOut.reading') : t('dispatch.scanOut.start'))}
        </button>
      </section>
    );
  }
  const totals = boxTotals(parcels, loaded);
  const missing = parcels.filter((p) => boxesMissing(p, loaded).length > 0);
  const missingWords = missing.map((p) => (boxCount(p) === 1 ? p.shipmentId : t('dispatch.scanOut.missingBoxes', { id: p.shipmentId, boxes: boxesMissing(p, loaded).join(', '), count: boxCount(p) })));
  return (
    <section aria-labelledby="scan-out-heading" className="scan-out active">
      <h2 id="scan-out-heading">{t('dispatch.scanOut.title')}</h2>
      <p role="status" aria-label={t('dispatch.scanOut.progress')} className={missing.length === 0 ? 'result result-ok' : 'result'}>
        {missing.length === 0
          ? t('dispatch.scanOut.allLoaded', { boxes: totals.boxes, count: parcels.length })
          : t('dispatch.scanOut.loaded', { loaded: totals.loaded, boxes: totals.boxes, count: missing.length, list: missingWords.join(', ') })}
        {capped ? t('dispatch.scanOut.capped') : ''}
      </p>
      <p className="hint">{t('dispatch.scanOut.hint')}</p>
      <form
        className="dispatch-typed"
        onSubmit={(e) => {
          e.preventDefault();
          if (typed.trim()) scanOut(typed);
          setTyped('');
        }}
      >
        <label>
          {t('dispatch.scanOut.typedField')}
          <input type="text" value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
        </label>
        <button type="submit">{t('dispatch.scanOut.tickOff')}</button>
      </form>
      <ul aria-label={t('dispatch.scanOut.list')} className="loading-list">
        {parcels.map((p) => {
          const n = boxCount(p);
          const have = boxesLoaded(p, loaded).length;
          const done = have === n;
          return (
            <li key={p.shipmentId} className={done ? 'result ok' : 'result missing'}>
              {done ? '✓' : have > 0 ? '◐' : '○'} {p.shipmentId} — {p.what}
              {n > 1 ? t('dispatch.scanOut.boxesLoaded', { have, count: n }) : ''}
              {done ? '' : n > 1 ? t('dispatch.scanOut.missingBox', { boxes: boxesMissing(p, loaded).join(', ') }) : t('dispatch.scanOut.missing')}
              {boxesMissing(p, loaded).map((box) => {
                const name = n > 1 ? t('dispatch.say.boxName', { id: p.shipmentId, box, total: n }) : p.shipmentId;
                return (
                  <button key={box} type="button" className="lead-tick" aria-label={t('dispatch.leadTick.buttonFor', { name })} onClick={() => setAsked({ shipmentId: p.shipmentId, box, total: n })}>
                    {n > 1 ? t('dispatch.leadTick.buttonBox', { box }) : t('dispatch.leadTick.button')}
                  </button>
                );
              })}
            </li>
          );
        })}
      </ul>
      {strangers.length > 0 ? (
        <p className="field-problem" aria-label={t('dispatch.scanOut.notOnManifest')}>
          {t('dispatch.scanOut.strangers', { list: strangers.join(', ') })}
        </p>
      ) : null}
      <button type="button" onClick={stopScanOut}>
        {t('dispatch.scanOut.finish')}
      </button>
      {asked ? <LeadTickDialog {...asked} onConfirm={() => tickOffByLead(asked.shipmentId, asked.box)} onClose={() => setAsked(undefined)} /> : null}
    </section>
  );
}
