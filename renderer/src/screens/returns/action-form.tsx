// One return or self-ship action as a small form. The dates the spec requires for the action are
// mandatory here too, so an action never leaves without them. They open at values the marketplace
// accepts (now for what happened, tomorrow for a new date, never before the return was created),
// each read back in IST words; the delivery partner is picked from the marketplace's list.
import { useRef, useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ResultOf } from '../../../../shared/contract.js';
import type { ActionResult } from '../../../../shared/contract/returns.js';
import { useStation } from '../../app/station-context.js';
import { Field, ResultLine } from '../setup/form-field.js';
import { errorWords } from '../../app/errors.js';
import { saidWords } from '../../i18n/said-words.js';
import { useT } from '../../i18n/use-t.js';
import { istToIso, istWords, nowInIst } from './ist-date.js';

export interface ActionField {
  key: string;
  /** The catalogue key of the field's name. */
  label: string;
  /** vendor: a choice among the marketplace's self-ship delivery partners. */
  kind: 'date' | 'text' | 'vendor';
  required?: boolean;
  /** Shortest text that is accepted (the contract's minimum for reasons). */
  minLength?: number;
  /** A date that is planned, not one that happened: it opens at tomorrow, this time. */
  ahead?: boolean;
  /** The key of the date this one must come after (a new date after the attempt). */
  after?: string;
  /** Not earlier than the row's creation (a return's tech visit). */
  notBeforeCreated?: boolean;
}

type Vendor = ResultOf<'selfship.vendors'>[number];
const DAY_MS = 86_400_000;

interface Props {
  /** e.g. "Dispatch shipment S123": the form's accessible name. */
  title: string;
  /** When the row was created (a return): no date of it may be earlier. */
  createdAt?: string;
  submitLabel: string;
  fields: ActionField[];
  onSubmit(values: Record<string, string>): Promise<ActionResult>;
  onDone(result: ActionResult): void;
  onCancel(): void;
}

/** Where a date field opens: now, or tomorrow for a planned date; never before the row was created. */
function opening(f: ActionField, createdAt: string | undefined): string {
  let at = Date.now() + (f.ahead ? DAY_MS : 0);
  const created = createdAt ? Date.parse(createdAt) : NaN;
  if (f.notBeforeCreated && !Number.isNaN(created) && created > at) at = created + 60_000;
  return nowInIst(new Date(at));
}

export function ActionForm({ title, createdAt, submitLabel, fields, onSubmit, onDone, onCancel }: Props) {
  const api = useStation();
  const { t } = useT();
  /** A field's name inside a sentence ("Give the pickup date"). */
  const named = (f: ActionField) => t(f.label).toLowerCase();
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.key, f.kind === 'date' ? opening(f, createdAt) : ''])));
  const [vendors, setVendors] = useState<Vendor[]>();
  const [vendorProblem, setVendorProblem] = useState<string>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ ok: boolean; text: string }>();
  const first = useRef<HTMLFormElement>(null);
  const idOf = (key: string) => `${title.replace(/[^A-Za-z0-9]+/g, '-')}-${key}`;

  useEffect(() => {
    first.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, []);

  const wantsVendors = fields.some((f) => f.kind === 'vendor');
  useEffect(() => {
    if (!wantsVendors) return;
    api.invoke('selfship.vendors', {}).then(setVendors, (e: unknown) => setVendorProblem(t('returns.form.vendorsUnread', { detail: errorWords(e) })));
  }, [api, wantsVendors]);

  function problems(v: Record<string, string>): Record<string, string> {
    const found: Record<string, string> = {};
    for (const f of fields) {
      const text = (v[f.key] ?? '').trim();
      if (f.kind === 'date') {
        const iso = istToIso(text);
        if (text === '') {
          if (f.required) found[f.key] = t('returns.form.dateNeeded', { field: named(f) });
        } else if (!iso) found[f.key] = t('returns.form.dateIncomplete', { field: named(f) });
        else if (f.after && istToIso(v[f.after] ?? '') && Date.parse(iso) <= Date.parse(istToIso(v[f.after]!)!)) {
          const before = fields.find((x) => x.key === f.after)!;
          found[f.key] = t('returns.form.dateAfter', { field: named(f), before: named(before), date: istWords(istToIso(v[f.after]!)) });
        } else if (f.notBeforeCreated && createdAt && Date.parse(iso) < Date.parse(createdAt)) {
          found[f.key] = t('returns.form.dateBeforeCreated', { field: named(f), date: istWords(createdAt) });
        }
      } else if (f.kind === 'vendor') {
        const vendor = vendors?.find((x) => x.vendorId === text);
        if (f.required && !text) found[f.key] = t('returns.form.choose', { field: named(f) });
        if (vendor?.trackingIdRequired && !(v.trackingId ?? '').trim()) found.trackingId = t('returns.form.trackingNeeded', { partner: vendor.name });
      } else if (f.required && text.length < (f.minLength ?? 1)) {
        found[f.key] = f.minLength && f.minLength > 1 ? t('returns.form.atLeast', { field: named(f), count: f.minLength }) : t('returns.form.give', { field: named(f) });
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
      else setFailure({ ok: false, text: saidWords(result) });
    } catch (err) {
      setFailure({ ok: false, text: errorWords(err) });
    } finally {
      setBusy(false);
    }
  }

  function change(key: string, value: string) {
    const next = { ...values, [key]: value };
    setValues(next);
    if (Object.keys(errors).length > 0) setErrors(problems(next));
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
        <Field
          key={f.key}
          id={idOf(f.key)}
          label={f.kind === 'date' ? t('returns.form.dateLabel', { field: t(f.label) }) : f.required ? t(f.label) : t('returns.form.optionalLabel', { field: t(f.label) })}
          error={errors[f.key] ?? (f.kind === 'vendor' ? vendorProblem : undefined)}
          hint={f.kind === 'date' && istToIso(values[f.key] ?? '') ? t('returns.form.istHint', { date: istWords(istToIso(values[f.key]!)) }) : undefined}
        >
          {(a) =>
            f.kind === 'vendor' ? (
              <select {...a} value={values[f.key]} onChange={(e) => change(f.key, e.target.value)}>
                <option value="">{vendors ? t('returns.form.choosePartner') : t('returns.form.readingPartners')}</option>
                {(vendors ?? []).map((v) => (
                  <option key={v.vendorId} value={v.vendorId}>
                    {v.name}
                    {v.trackingIdRequired ? ` ${t('returns.form.trackingIdNeeded')}` : ''}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...a}
                type={f.kind === 'date' ? 'datetime-local' : 'text'}
                required={f.required}
                min={f.kind === 'date' && f.notBeforeCreated && createdAt ? nowInIst(new Date(createdAt)) : undefined}
                value={values[f.key]}
                onChange={(e) => change(f.key, e.target.value)}
              />
            )
          }
        </Field>
      ))}
      <div className="actions">
        <button type="submit" disabled={busy}>
          {busy ? t('returns.form.sending') : submitLabel}
        </button>
        <button type="button" onClick={onCancel}>
          {t('returns.form.cancel')}
        </button>
      </div>
      {failure ? <ResultLine {...failure} /> : null}
    </form>
  );
}
