// The first answer to a return scan: which return it is, what should be in the box, and where
// sellable units go back in stock. Enter confirms (then the condition is asked), Esc drops it.
import { useEffect, useRef } from 'react';
import type { ResultOf } from '../../../../shared/contract.js';
import { useT } from '../../i18n/use-t.js';

type Found = Extract<ResultOf<'returns.find'>, { ok: true }>;

const reasonWords = (reason: string | undefined) => (reason ? reason.replace(/_/g, ' ').toLowerCase().replace(/^./, (c) => c.toUpperCase()) : undefined);

export function ConfirmStep({ found, onConfirm, onCancel }: { found: Found; onConfirm(): void; onCancel(): void }) {
  const { t } = useT();
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    yes.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onCancel();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);
  const ids = found.returns.map((r) => r.returnId).join(', ');
  return (
    <fieldset className="panel condition-prompt">
      <legend>{t('returns.confirm.legend', { ids })}</legend>
      <ul className="found-returns">
        {found.returns.map((r) => (
          <li key={r.returnId}>
            <strong>{r.title ?? r.sku ?? t('returns.orderItem', { id: r.orderItemId ?? '?' })}</strong>
            {r.title && r.sku ? <span className="muted"> ({r.sku})</span> : null}
            {r.quantity ? `, ${t('returns.units', { count: r.quantity })}` : null}
            {reasonWords(r.reason) ? ` — ${t('returns.confirm.buyerReason', { reason: reasonWords(r.reason) })}` : null}
            {r.comments ? (
              <>
                {' '}
                <q className="buyer-comment">{r.comments}</q>
              </>
            ) : null}
            <span className="muted">
              {' '}
              · {t('returns.confirm.returnId', { id: r.returnId })}
              {r.orderId ? ` · ${t('returns.confirm.orderId', { id: r.orderId })}` : ''}
            </span>
          </li>
        ))}
      </ul>
      <p>{t('returns.confirm.location', { location: found.locationId })}</p>
      <div className="actions">
        <button ref={yes} type="button" onClick={onConfirm}>
          <kbd>Enter</kbd> {t('returns.confirm.yes', { location: found.locationId })}
        </button>
        <button type="button" onClick={onCancel}>
          <kbd>Esc</kbd> {t('returns.confirm.no')}
        </button>
      </div>
    </fieldset>
  );
}
