// The wave's confirmation: what the wave will do before it does it. It says how many shipments
// it packs, lists the approved shipments it leaves out and why, and offers the shipments put
// aside at this desk as choices (left out unless picked). Only Ctrl+Enter (or the button) starts
// the wave: a scanner ends each code with a plain Enter, so a scan can never confirm it. Esc goes
// back without packing anything.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { trapTab } from '../../app/dialog-tab-trap.js';
import type { WavePlanView } from '../../../../shared/contract/desk.js';
import { useScanTarget } from '../../scan/scan-router.js';
import { playSound } from '../../sound/feedback-sound.js';
import { say } from '../../stores/app-store.js';
import { tr } from '../../i18n/i18n.js';
import { saidWords } from '../../i18n/said-words.js';
import { useT } from '../../i18n/use-t.js';

export interface WavePreviewProps {
  plan: WavePlanView;
  /** The wave marks ready to dispatch at once (else it waits for "Dispatch packed"). */
  dispatchAtOnce: boolean;
  onConfirm(shipmentIds: string[]): void;
  onClose(): void;
}

export function WavePreview({ plan, dispatchAtOnce, onConfirm, onClose }: WavePreviewProps) {
  const { t } = useT();
  const [picked, setPicked] = useState<string[]>([]);
  const box = useRef<HTMLDivElement>(null);
  const ids = [...plan.pack.map((p) => p.shipmentId), ...picked];
  const units = [...plan.pack, ...plan.putAside.filter((p) => picked.includes(p.shipmentId))].reduce((n, p) => n + p.units, 0);

  // A scan while the preview is open opens nothing behind it: the packer answers the preview first.
  useScanTarget(({ raw }) => {
    say('error', ids.length > 0 ? tr('pack.wave.answerFirstPack', { code: raw }) : tr('pack.wave.answerFirst', { code: raw }));
    playSound('failure');
  });

  useEffect(() => {
    // The dialog itself takes the focus, not its button: a stray Enter does nothing here.
    box.current?.focus();
  }, []);

  const confirm = () => {
    if (ids.length > 0) onConfirm(ids);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      e.stopPropagation();
      confirm();
      return;
    }
    trapTab(e, box.current, onClose);
  };

  const what = plan.sku ? t('pack.wave.whatSku', { sku: plan.sku }) : t('pack.wave.whatAll');
  const shipments = t('pack.wave.shipments', { count: ids.length });
  return (
    <div className="dialog-backdrop">
      <div ref={box} role="dialog" aria-modal="true" aria-labelledby="wave-preview-title" aria-describedby="wave-preview-what" className="dialog wave-preview" tabIndex={-1} onKeyDown={onKeyDown}>
        <h2 id="wave-preview-title">
          {plan.sku ? t('pack.wave.atSku', { location: plan.locationId, sku: plan.sku }) : t('pack.wave.at', { location: plan.locationId })}{' '}
          {ids.length > 0 ? t('pack.wave.packQuestion', { shipments }) : t('pack.wave.nothing')}
        </h2>
        <p id="wave-preview-what" className="wave-what">
          {ids.length > 0
            ? dispatchAtOnce
              ? t('pack.wave.willDispatch', { shipments, units: t('pack.wave.units', { count: units }), what })
              : t('pack.wave.willWait', { shipments, units: t('pack.wave.units', { count: units }), what })
            : t('pack.wave.none', { what })}
          {plan.capped ? t('pack.wave.capped') : ''}
        </p>
        {plan.putAside.length > 0 ? (
          <fieldset className="wave-aside">
            <legend>{t('pack.wave.aside', { count: plan.putAside.length })}</legend>
            {plan.putAside.map((p) => (
              <label key={p.shipmentId} className="check wave-choice">
                <input
                  type="checkbox"
                  checked={picked.includes(p.shipmentId)}
                  onChange={(e) => setPicked((now) => (e.target.checked ? [...now, p.shipmentId] : now.filter((x) => x !== p.shipmentId)))}
                />
                {t('pack.wave.packToo', { id: p.shipmentId, contents: p.contents })}
              </label>
            ))}
          </fieldset>
        ) : null}
        {plan.skipped.length > 0 ? (
          <section aria-labelledby="wave-left-out" className="wave-left-out">
            <h3 id="wave-left-out">{t('pack.wave.leftOut', { count: plan.skipped.length })}</h3>
            <ul aria-label={t('pack.wave.leftOutList')}>
              {plan.skipped.map((s) => (
                <li key={s.shipmentId}>
                  <strong>{s.shipmentId}</strong>: {saidWords({ text: s.reason, sentences: s.sentences })}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {t('pack.wave.back')}
          </button>
          <button type="button" className="primary" disabled={ids.length === 0} onClick={confirm}>
            {t('pack.wave.packButton', { shipments })}
          </button>
        </div>
      </div>
    </div>
  );
}
