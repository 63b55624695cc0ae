// Inputs of the listing form, each bound to the attribute path the listing rules name it by, so
// an error at `$.packages[0].name` lands under exactly that input (aria-invalid, aria-describedby).
import { createContext, useContext, type ReactNode } from 'react';
import { FieldNotes } from '../setup/form-field.js';
import { fieldId } from './listing-draft.js';

export interface FieldMessages {
  /** The words to show at a path (already joined when several). */
  at(path: string): string | undefined;
  /** Marks a path and its groups as touched by the operator. */
  touch(path: string): void;
}

export const MessagesContext = createContext<FieldMessages>({ at: () => undefined, touch: () => undefined });

interface InputProps {
  path: string;
  label: string;
  value: string;
  onChange(value: string): void;
  type?: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  hint?: string;
  multiline?: boolean;
}

function Described({ path, hint, children }: { path: string; hint?: string; children: ReactNode }) {
  const error = useContext(MessagesContext).at(path);
  const id = fieldId(path);
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

function describedBy(path: string, error: string | undefined, hint: string | undefined): string | undefined {
  const id = fieldId(path);
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
}

export function PathInput({ path, label, value, onChange, type = 'text', inputMode, hint, multiline }: InputProps) {
  const m = useContext(MessagesContext);
  const error = m.at(path);
  const common = {
    id: fieldId(path),
    value,
    'aria-invalid': Boolean(error),
    'aria-describedby': describedBy(path, error, hint),
    onBlur: () => m.touch(path),
  };
  return (
    <Described path={path} hint={hint}>
      <label htmlFor={common.id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={2} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />
      )}
    </Described>
  );
}

export function PathSelect({ path, label, value, onChange, options, hint }: Omit<InputProps, 'type' | 'inputMode' | 'multiline'> & { options: readonly (string | [string, string])[] }) {
  const m = useContext(MessagesContext);
  const error = m.at(path);
  const id = fieldId(path);
  return (
    <Described path={path} hint={hint}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(path, error, hint)}
        onChange={(e) => {
          onChange(e.target.value);
          m.touch(path);
        }}
      >
        {options.map((o) => {
          const [v, l] = typeof o === 'string' ? [o, o] : o;
          return (
            <option key={v} value={v}>
              {l}
            </option>
          );
        })}
      </select>
    </Described>
  );
}

export function PathCheckbox({ path, label, checked, onChange }: { path: string; label: string; checked: boolean; onChange(v: boolean): void }) {
  const m = useContext(MessagesContext);
  const error = m.at(path);
  return (
    <Described path={path}>
      <label className="check">
        <input
          id={fieldId(path)}
          type="checkbox"
          checked={checked}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(path, error, undefined)}
          onChange={(e) => {
            onChange(e.target.checked);
            m.touch(path);
          }}
        />{' '}
        {label}
      </label>
    </Described>
  );
}

/** A group of fields whose own errors (a missing `packages`, say) show under its legend. */
export function PathGroup({ path, legend, children }: { path: string; legend: string; children: ReactNode }) {
  const error = useContext(MessagesContext).at(path);
  const id = fieldId(path);
  return (
    <fieldset id={id} tabIndex={-1} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}
