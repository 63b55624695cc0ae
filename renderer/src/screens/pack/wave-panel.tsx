// The wave: pack every approved shipment of this desk's location (or of one SKU) in one go.
// A wave is deliberate: Enter (or a scan) in the SKU field, or the button, only previews it; the
// preview (wave-preview.tsx) says what it will pack and leave out, and Ctrl+Enter starts it.
// Progress shows while it runs, and the summary names every shipment it left out and why.
// "Dispatch packed" marks ready to dispatch whatever is packed and waiting at this location,
// found afresh by the station (journal and marketplace), so it works after a restart too.
import { useEffect, useRef, useState } from 'react';
import { useStation } from '../../app/station-context.js';
import { Trans } from 'react-i18next';
import { i18n } from '../../i18n/i18n.js';
import { saidWords } from '../../i18n/said-words.js';
import { useT } from '../../i18n/use-t.js';
import { useScanTarget } from '../../scan/scan-router.js';
import { useAppStore } from '../../stores/app-store.js';
import { dispatchWave, runWave, summarizeWave, useDeskStore } from '../../stores/desk-store.js';
import { closePreview, loadPackedWaiting, previewWave, useWaveStore } from '../../stores/wave-store.js';
import { refocusScan } from './scan-field.js';
import { WavePreview } from './wave-preview.js';

/** While the SKU field has the focus, a scan is the wave's SKU: it fills the field and previews. */
function SkuScanTarget({ onSku }: { onSku: (sku: string) => void }) {
  useScanTarget(({ raw }) => onSku(raw.trim()));
  return null;
}

export function WavePanel() {
  const api = useStation();
  const { t } = useT();
  const wave = useDeskStore((s) => s.wave);
  const jobs = useDeskStore((s) => s.view?.jobs);
  const { plan, previewing, waiting } = useWaveStore();
  const awaiting = waiting?.ready.length ?? 0;
  const locationId = useAppStore((s) => s.settings.locationId);
  const endOfWave = useAppStore((s) => s.settings.rtdPolicy === 'endOfWave');
  const [sku, setSku] = useState('');
  const [skuFocused, setSkuFocused] = useState(false);
  const skuField = useRef<HTMLInputElement>(null);
  const outcome = useRef<HTMLDivElement>(null);

  // What waits for "Dispatch packed": on arrival, after a wave, and as labels print.
  useEffect(() => {
    if (!wave.running) void loadPackedWaiting(api);
  }, [api, wave.running, jobs, locationId]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && e.code === 'KeyW') {
        e.preventDefault();
        // Selected, so a scan or typing replaces the last wave's SKU.
        skuField.current?.focus();
        skuField.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const preview = (code = sku) => {
    if (!wave.running && locationId) void previewWave(api, code.trim() || undefined);
  };
  const start = async (shipmentIds: string[]) => {
    const chosen = plan;
    closePreview();
    if (!chosen) return;
    await runWave(api, { sku: chosen.sku, dispatch: !endOfWave, shipmentIds }, chosen.skipped);
    refocusScan();
  };
  const { progress, summary } = wave;
  // The wave's outcome sits under the panel, below the fold of a 1366x768 desk: brought into view
  // when it arrives, so the packer reads what was packed and left out without scrolling.
  useEffect(() => {
    if (!wave.running && (summary || wave.error)) outcome.current?.scrollIntoView?.({ block: 'nearest' });
  }, [wave.running, summary, wave.error]);
  const hasTotal = progress?.total !== undefined && progress.total > 0;

  return (
    <section className="wave-panel" aria-labelledby="wave-heading">
      <h2 id="wave-heading">{t('pack.wave.title')}</h2>
      <p>
        {endOfWave ? (
          <Trans i18n={i18n} i18nKey="pack.wave.aboutEndOfWave" values={{ location: locationId || t('pack.wave.noLocation') }} components={{ strong: <strong /> }} />
        ) : (
          <Trans i18n={i18n} i18nKey="pack.wave.about" values={{ location: locationId || t('pack.wave.noLocation') }} components={{ strong: <strong /> }} />
        )}
      </p>
      <form
        className="wave-form"
        onSubmit={(e) => {
          e.preventDefault();
          preview();
        }}
      >
        <label>
          {t('pack.wave.sku')}
          <input
            ref={skuField}
            type="text"
            // Its whole content is the scan, even when a busy page splits the scanner's burst.
            data-scan-field=""
            value={sku}
            onChange={(e) => setSku(e.target.value)}
            onFocus={() => setSkuFocused(true)}
            onBlur={() => setSkuFocused(false)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                refocusScan();
              }
            }}
          />
        </label>
        {skuFocused && !plan ? (
          <SkuScanTarget
            onSku={(code) => {
              setSku(code);
              preview(code);
            }}
          />
        ) : null}
        <button type="submit" disabled={wave.running || previewing || !locationId}>
          {wave.running ? t('pack.wave.running') : previewing ? t('pack.wave.previewing') : t('pack.wave.preview')}
        </button>
        {endOfWave || awaiting > 0 ? (
          <button
            type="button"
            disabled={awaiting === 0 || wave.running}
            onClick={() =>
              void dispatchWave(api)
                .then(() => loadPackedWaiting(api))
                .then(refocusScan)
            }
          >
            {t('pack.wave.dispatchPacked', { n: awaiting })}
          </button>
        ) : null}
      </form>
      {wave.running && progress ? (
        <div className="wave-progress">
          <progress aria-label={t('pack.wave.progress')} max={hasTotal ? progress.total : undefined} value={hasTotal ? (progress.done ?? 0) : undefined} />
          <p>
            {saidWords(progress)}
            {hasTotal ? t('pack.wave.progressCount', { done: progress.done ?? 0, total: progress.total }) : ''}
          </p>
        </div>
      ) : null}
      <div ref={outcome}>
        {!wave.running && summary ? (
          <div className="wave-summary">
            <p>{summarizeWave(summary)}</p>
            {summary.skipped.length > 0 ? (
              <details open={summary.skipped.length <= 5}>
                <summary>{t('pack.wave.leftOut', { count: summary.skipped.length })}</summary>
                <ul>
                  {summary.skipped.map((s) => (
                    <li key={s.shipmentId}>
                      {s.shipmentId}: {saidWords({ text: s.reason, sentences: s.sentences })}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
            {summary.failed.length > 0 ? (
              <ul className="wave-failed" aria-label={t('pack.wave.failed')}>
                {summary.failed.map((f) => (
                  <li key={f.shipmentId}>
                    {f.shipmentId}: {saidWords({ text: f.message, sentences: f.sentences })}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        {!wave.running && wave.error ? <p className="field-problem">{wave.error}</p> : null}
      </div>
      {plan ? (
        <WavePreview
          plan={plan}
          dispatchAtOnce={!endOfWave}
          onConfirm={(ids) => void start(ids)}
          onClose={() => {
            closePreview(true);
            refocusScan();
          }}
        />
      ) : null}
    </section>
  );
}
