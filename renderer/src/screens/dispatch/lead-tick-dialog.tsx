// A box whose slip will not scan (torn, wet, smudged) is ticked off at the truck by the lead, by
// hand: this dialog says what that does before it is done, keeps the focus inside, opens on
// "Go back" so a stray Enter changes nothing, and closes with Esc.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { trapTab } from '../../app/dialog-tab-trap.js';
import { useT } from '../../i18n/use-t.js';

export interface LeadTickDialogProps {
  shipmentId: string;
  box: number;
  total: number;
  onConfirm(): void;
  onClose(): void;
}

export function LeadTickDialog({ shipmentId, box, total, onConfirm, onClose }: LeadTickDialogProps) {
  const { t } = useT();
  const dialog = useRef<HTMLDivElement>(null);
  const back = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    back.current?.focus();
    return () => before?.focus?.();
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => trapTab(e, dialog.current, onClose);
  const name = total > 1 ? t('dispatch.say.boxName', { id: shipmentId, box, total }) : shipmentId;

  return (
    <div className="dialog-backdrop">
      <div ref={dialog} role="dialog" aria-modal="true" aria-labelledby="lead-tick-title" aria-describedby="lead-tick-what" className="dialog" onKeyDown={onKeyDown}>
        <h2 id="lead-tick-title">{t('dispatch.leadTick.title', { name })}</h2>
        <p id="lead-tick-what" className="warning">
          {t('dispatch.leadTick.what', { name })}
        </p>
        <div className="dialog-actions">
          <button ref={back} type="button" onClick={onClose}>
            {t('dispatch.leadTick.back')}
          </button>
          <button
            type="button"
            className="danger"
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            {t('dispatch.leadTick.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
