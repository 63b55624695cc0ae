// The first answer to a return scan: which return it is, what should be in the box, and where
// sellable units go back in stock. Enter confirms (then the condition is asked), Esc drops it.
import { useEffect, useRef } from 'react';
import type { ResultOf } from '../../../../shared/contract.js';

type Found = Extract<ResultOf<'returns.find'>, { ok: true }>;

const reasonWords = (reason: string | undefined) => (reason ? reason.replace(/_/g, ' ').toLowerCase().replace(/^./, (c) => c.toUpperCase()) : undefined);

export function ConfirmStep({ found, onConfirm, onCancel }: { found: Found; onConfirm(): void; onCancel(): void }) {
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
      <legend>Is this return {ids} in your hands?</legend>
      <ul className="found-returns">
        {found.returns.map((r) => (
          <li key={r.returnId}>
            <strong>{r.title ?? r.sku ?? `Order item ${r.orderItemId ?? '?'}`}</strong>
            {r.title && r.sku ? <span className="muted"> ({r.sku})</span> : null}
            {r.quantity ? `, ${r.quantity} ${r.quantity === 1 ? 'unit' : 'units'}` : null}
            {reasonWords(r.reason) ? ` — buyer's reason: ${reasonWords(r.reason)}` : null}
            {r.comments ? (
              <>
                {' '}
                <q className="buyer-comment">{r.comments}</q>
              </>
            ) : null}
            <span className="muted">
              {' '}
              · return {r.returnId}
              {r.orderId ? ` · order ${r.orderId}` : ''}
            </span>
          </li>
        ))}
      </ul>
      <p>
        Location: <strong>{found.locationId}</strong> (this desk). Sellable units go back in stock here.
      </p>
      <div className="actions">
        <button ref={yes} type="button" onClick={onConfirm}>
          <kbd>Enter</kbd> Yes, receive it at {found.locationId}
        </button>
        <button type="button" onClick={onCancel}>
          <kbd>Esc</kbd> Not this one
        </button>
      </div>
    </fieldset>
  );
}
