// One return or self-ship action as a small form. The dates the spec requires for the action are
// mandatory here too, so an action never leaves without them; they start at "now" in IST.
import { useRef, useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ActionResult } from '../../../../shared/contract/returns.js';
import { errorWords, Field, ResultLine } from '../setup/form-field.js';
import { istToIso, nowInIst } from './ist-date.js';

export interface ActionField {
  key: string;
  label: string;
  kind: 'date' | 'text';
  required?: boolean;
  /** Shortest text that is accepted (the contract's minimum for reasons). */
  minLength?: number;
}

interface Props {
  /** e.g. "Dispatch shipment S123": the form's accessible name. */
  title: string;
  submitLabel: string;
  fields: ActionField[];
  onSubmit(values: Record<string, string>): Promise<ActionResult>;
  onDone(result: ActionResult): void;
  onCancel(): void;
}

export function ActionForm({ title, submitLabel, fields, onSubmit, onDone, onCancel }: Props) {
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.key, f.kind === 'date' ? nowInIst() : ''])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ ok: boolean; text: string }>();
  const first = useRef<HTMLFormElement>(null);
  const idOf = (key: string) => `${title.replace(/[^A-Za-z0-9]+/g, '-')}-${key}`;

  useEffect(() => {
    first.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);

  function problems(v: Record<string, string>): Record<string, string> {
    const found: Record<string, string> = {};
    for (const f of fields) {
      const text = (v[f.key] ?? '').trim();
      if (f.kind === 'date') {
        if (text === '') {
          if (f.required) found[f.key] = `Give the ${f.label.toLowerCase()}; the marketplace needs it for this step.`;
        } else if (!istToIso(text)) found[f.key] = `The ${f.label.toLowerCase()} is not a complete date and time.`;
      } else if (f.required && text.length < (f.minLength ?? 1)) {
        found[f.key] = f.minLength && f.minLength > 1 ? `Give the ${f.label.toLowerCase()} in at least ${f.minLength} characters.` : `Give the ${f.label.toLowerCase()}.`;
      }
    }
    return found;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = problems(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const out: Record<string, string> = {};
    for (const f of fields) {
      const text = values[f.key].trim();
      if (text !== '') out[f.key] = f.kind === 'date' ? istToIso(text)! : text;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      const result = await onSubmit(out);
      if (result.ok) onDone(result);
      else setFailure({ ok: false, text: result.text });
    } catch (err) {
      setFailure({ ok: false, text: errorWords(err) });
    } finally {
      setBusy(false);
    }
  }

  function escape(e: KeyboardEvent) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCancel();
    }
  }

  return (
    <form ref={first} aria-label={title} className="action-form" onSubmit={submit} onKeyDown={escape} noValidate>
      {fields.map((f) => (
        <Field key={f.key} id={idOf(f.key)} label={`${f.label}${f.kind === 'date' ? ' (IST)' : ''}${f.required ? '' : ' (optional)'}`} error={errors[f.key]}>
          {(a) => (
            <input
              {...a}
              type={f.kind === 'date' ? 'datetime-local' : 'text'}
              required={f.required}
              value={values[f.key]}
              onChange={(e) => {
                const next = { ...values, [f.key]: e.target.value };
                setValues(next);
                if (Object.keys(errors).length > 0) setErrors(problems(next));
              }}
            />
          )}
        </Field>
      ))}
      <div className="actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Sending…' : submitLabel}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {failure ? <ResultLine {...failure} /> : null}
    </form>
  );
}
