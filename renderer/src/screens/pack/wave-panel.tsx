// The wave: pack every approved shipment of this desk's location (or of one SKU) in one go,
// with progress while it runs and the outcome in words. With ready-to-dispatch at the end of
// the wave, "Dispatch wave" marks everything packed since the last wave ready to dispatch.
import { useEffect, useRef, useState } from 'react';
import { useStation } from '../../app/station-context.js';
import { useAppStore } from '../../stores/app-store.js';
import { dispatchWave, runWave, summarizeWave, useDeskStore } from '../../stores/desk-store.js';
import { refocusScan } from './scan-field.js';

export function WavePanel() {
  const api = useStation();
  const wave = useDeskStore((s) => s.wave);
  const awaiting = useDeskStore((s) => s.view?.awaitingDispatch.length ?? 0);
  const locationId = useAppStore((s) => s.settings.locationId);
  const endOfWave = useAppStore((s) => s.settings.rtdPolicy === 'endOfWave');
  const [sku, setSku] = useState('');
  const skuField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && e.code === 'KeyW') {
        e.preventDefault();
        skuField.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const start = async () => {
    await runWave(api, { sku: sku.trim() || undefined, dispatch: !endOfWave });
    refocusScan();
  };
  const { progress, summary } = wave;
  const hasTotal = progress?.total !== undefined && progress.total > 0;

  return (
    <section className="wave-panel" aria-labelledby="wave-heading">
      <h2 id="wave-heading">Wave</h2>
      <p>
        Packs every approved shipment of location <strong>{locationId || '(not chosen — see Setup)'}</strong>
        {endOfWave ? '; marking ready to dispatch waits for “Dispatch wave”.' : ', prints the labels and marks them ready to dispatch.'}
      </p>
      <form
        className="wave-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!wave.running) void start();
        }}
      >
        <label>
          Only this SKU (optional, Alt+W)
          <input
            ref={skuField}
            type="text"
            value={sku}
            onChange={(e) => setSku(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                refocusScan();
              }
            }}
          />
        </label>
        <button type="submit" disabled={wave.running || !locationId}>
          {wave.running ? 'Wave running…' : 'Run wave'}
        </button>
        {endOfWave ? (
          <button type="button" disabled={awaiting === 0 || wave.running} onClick={() => void dispatchWave(api).then(refocusScan)}>
            Dispatch wave ({awaiting} packed)
          </button>
        ) : null}
      </form>
      {wave.running && progress ? (
        <div className="wave-progress">
          <progress aria-label="Wave progress" max={hasTotal ? progress.total : undefined} value={hasTotal ? (progress.done ?? 0) : undefined} />
          <p>
            {progress.text}
            {hasTotal ? ` (${progress.done ?? 0} of ${progress.total})` : ''}
          </p>
        </div>
      ) : null}
      {!wave.running && summary ? (
        <div className="wave-summary">
          <p>{summarizeWave(summary)}</p>
          {summary.skipped.length > 0 ? (
            <details>
              <summary>Skipped ({summary.skipped.length})</summary>
              <ul>
                {summary.skipped.map((s) => (
                  <li key={s.shipmentId}>
                    {s.shipmentId}: {s.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {summary.failed.length > 0 ? (
            <ul className="wave-failed" aria-label="Failed in the wave">
              {summary.failed.map((f) => (
                <li key={f.shipmentId}>
                  {f.shipmentId}: {f.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {!wave.running && wave.error ? <p className="field-problem">{wave.error}</p> : null}
    </section>
  );
}
