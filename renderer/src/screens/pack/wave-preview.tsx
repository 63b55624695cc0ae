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

export interface WavePreviewProps {
  plan: WavePlanView;
  /** The wave marks ready to dispatch at once (else it waits for "Dispatch packed"). */
  dispatchAtOnce: boolean;
  onConfirm(shipmentIds: string[]): void;
  onClose(): void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function WavePreview({ plan, dispatchAtOnce, onConfirm, onClose }: WavePreviewProps) {
  const [picked, setPicked] = useState<string[]>([]);
  const box = useRef<HTMLDivElement>(null);
  const ids = [...plan.pack.map((p) => p.shipmentId), ...picked];
  const units = [...plan.pack, ...plan.putAside.filter((p) => picked.includes(p.shipmentId))].reduce((n, p) => n + p.units, 0);

  // A scan while the preview is open opens nothing behind it: the packer answers the preview first.
  useScanTarget(({ raw }) => {
    say('error', `${raw} was not scanned: answer the wave preview first (${ids.length > 0 ? 'Ctrl+Enter packs, ' : ''}Esc goes back).`);
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

  const what = plan.sku ? `single-unit shipments of ${plan.sku}` : 'approved shipments';
  return (
    <div className="dialog-backdrop">
      <div ref={box} role="dialog" aria-modal="true" aria-labelledby="wave-preview-title" aria-describedby="wave-preview-what" className="dialog wave-preview" tabIndex={-1} onKeyDown={onKeyDown}>
        <h2 id="wave-preview-title">
          Wave at {plan.locationId}
          {plan.sku ? ` for ${plan.sku}` : ''}: {ids.length > 0 ? `pack ${plural(ids.length, 'shipment')}?` : 'nothing to pack'}
        </h2>
        <p id="wave-preview-what" className="wave-what">
          {ids.length > 0
            ? `Packs ${plural(ids.length, 'shipment')} (${plural(units, 'unit')}) of the ${what}, prints their labels as they come (one job per 100), and ${dispatchAtOnce ? 'marks them ready to dispatch.' : 'leaves them packed until you press “Dispatch packed”.'}`
            : `No ${what} can be packed in a wave now.`}
          {plan.capped ? ' The marketplace returned only its first 5,000; run another wave for the rest.' : ''}
        </p>
        {plan.putAside.length > 0 ? (
          <fieldset className="wave-aside">
            <legend>Put aside at this desk ({plan.putAside.length}): left out unless you pick them</legend>
            {plan.putAside.map((p) => (
              <label key={p.shipmentId} className="check wave-choice">
                <input
                  type="checkbox"
                  checked={picked.includes(p.shipmentId)}
                  onChange={(e) => setPicked((now) => (e.target.checked ? [...now, p.shipmentId] : now.filter((x) => x !== p.shipmentId)))}
                />
                Pack {p.shipmentId} too: {p.contents}
              </label>
            ))}
          </fieldset>
        ) : null}
        {plan.skipped.length > 0 ? (
          <section aria-labelledby="wave-left-out" className="wave-left-out">
            <h3 id="wave-left-out">Left out ({plan.skipped.length})</h3>
            <ul aria-label="Left out of the wave">
              {plan.skipped.map((s) => (
                <li key={s.shipmentId}>
                  <strong>{s.shipmentId}</strong>: {s.reason}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Back (Esc)
          </button>
          <button type="button" className="primary" disabled={ids.length === 0} onClick={confirm}>
            Pack {plural(ids.length, 'shipment')} (Ctrl+Enter)
          </button>
        </div>
      </div>
    </div>
  );
}
