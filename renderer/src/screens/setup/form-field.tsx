// One labelled field with its error words under it. Every screen's forms use it so that an error
// is always tied to its input (aria-invalid, aria-describedby) and a screen reader reads both.
import type { ReactNode } from 'react';
import './forms.css';

export interface FieldProps {
  /** The input's id; the error paragraph gets `${id}-error`. */
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Renders the control with the accessibility attributes it must carry. */
  children: (a11y: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

export function Field({ id, label, error, hint, children }: FieldProps) {
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': described })}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The hint and error words under a control, with the ids its aria-describedby points at. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A result line in words: success and failure read differently and are announced. */
export function ResultLine({ ok, text }: { ok: boolean; text: string }) {
  return (
    <p role="status" className={ok ? 'result result-ok' : 'result result-failed'}>
      {text}
    </p>
  );
}
