// Cancelling a shipment cannot be undone and a seller cancellation takes the product out of
// stock, so it happens only in this dialog: it says what cancelling does (the station's words),
// asks for a reason, keeps the focus inside until it closes, and closes with Esc.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { trapTab } from '../../app/dialog-tab-trap.js';
import { useT } from '../../i18n/use-t.js';

export interface CancelDialogProps {
  shipmentId: string;
  warning: string;
  onConfirm(reason: string): Promise<boolean>;
  onClose(): void;
}

export function CancelDialog({ shipmentId, warning, onConfirm, onClose }: CancelDialogProps) {
  const { t } = useT();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const box = useRef<HTMLDivElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    reasonField.current?.focus();
    return () => before?.focus?.();
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => trapTab(e, box.current, onClose);

  const confirm = async () => {
    if (reason.trim().length < 3) {
      setProblem(t('dispatch.cancel.reasonShort'));
      reasonField.current?.focus();
      return;
    }
    setBusy(true);
    const ok = await onConfirm(reason.trim());
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <div className="dialog-backdrop">
      <div ref={box} role="dialog" aria-modal="true" aria-labelledby="cancel-title" aria-describedby="cancel-warning" className="dialog" onKeyDown={onKeyDown}>
        <h2 id="cancel-title">{t('dispatch.cancel.title', { id: shipmentId })}</h2>
        <p id="cancel-warning" className="warning">
          {warning}
        </p>
        <label>
          {t('dispatch.cancel.reason')}
          <textarea
            ref={reasonField}
            value={reason}
            maxLength={200}
            rows={2}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'cancel-problem' : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
        {problem ? (
          <p id="cancel-problem" className="field-problem">
            {problem}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {t('dispatch.cancel.keep')}
          </button>
          <button type="button" className="danger" disabled={busy} onClick={() => void confirm()}>
            {(busy ? t('dispatch.cancel.cancelling') : t('dispatch.cancel.confirm'))}
          </button>
        </div>
      </div>
    </div>
  );
}
