// The desk's settings: location, invoices, ready-to-dispatch policy, sounds, scan
// timing, shifts and compact mode. Every field is checked with the shared StationSettings schema
// as it changes, and Save sends only a draft without problems; a refusal from the station comes
// back in words at the field it names. Printers are their own section (printers-section.tsx).
import { useEffect, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useStation } from '../../app/station-context.js';
import type { StationSettings } from '../../../../shared/settings.js';
import { useAppStore } from '../../stores/app-store.js';
import { useSettingsStore } from '../../stores/settings-store.js';
import { errorWords, Field, ResultLine } from './form-field.js';
import { ALL_FIELDS, draftOf, readDraft, refusalByField, type Draft, type FieldErrors } from './settings-draft.js';

const fid = (path: string) => `set-${path.replace(/\./g, '-')}`;

export function StationSettingsForm({ settings }: { settings: StationSettings }) {
  const api = useStation();
  const { info, update } = useSettingsStore();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);

  // Settings read again (after a device change, say) must not wipe what the operator is typing.
  useEffect(() => {
    if (!touched) setDraft(draftOf(settings));
  }, [settings]);

  function change(path: string, value: string | boolean) {
    const next = { ...draft, [path]: value };
    setDraft(next);
    setTouched(true);
    setResult(undefined);
    setErrors(readDraft(next, settings).errors);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const { patch, errors: found } = readDraft(draft, settings);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setResult({ ok: false, text: 'Nothing was saved: correct the fields marked below.' });
      return;
    }
    setBusy(true);
    try {
      const saved = await update(api, patch);
      // The rest of the app (compact mode, sounds, scanner timing) follows at once, not on the next screen change.
      useAppStore.getState().setSettings(saved);
      setTouched(false);
      setResult({ ok: true, text: 'Settings saved.' });
    } catch (err) {
      const { errors: at, rest } = refusalByField(errorWords(err), ALL_FIELDS);
      setErrors(at);
      setResult({ ok: false, text: `Nothing was saved. ${rest}`.trim() });
    } finally {
      setBusy(false);
    }
  }

  function cancelOnEscape(e: KeyboardEvent) {
    if (e.key !== 'Escape' || !touched) return;
    setDraft(draftOf(settings));
    setErrors({});
    setTouched(false);
    setResult({ ok: true, text: 'Changes undone.' });
  }

  const text = (path: string, label: string, props: Record<string, unknown> = {}, hint?: string) => (
    <Field id={fid(path)} label={label} error={errors[path]} hint={hint}>
      {(a) => <input {...a} {...props} value={String(draft[path] ?? '')} onChange={(e) => change(path, e.target.value)} />}
    </Field>
  );
  const tick = (path: string, label: string) => (
    <label className="check">
      <input type="checkbox" checked={Boolean(draft[path])} onChange={(e) => change(path, e.target.checked)} /> {label}
    </label>
  );
  const select = (path: string, label: string, options: { value: string; label: string }[], extra?: ReactNode) => (
    <Field id={fid(path)} label={label} error={errors[path]}>
      {(a) => (
        <span className="inline">
          <select {...a} value={String(draft[path] ?? '')} onChange={(e) => change(path, e.target.value)}>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {extra}
        </span>
      )}
    </Field>
  );
  const locations = info?.locations ?? [];
  const locationOptions = [...(locations.includes(String(draft.locationId)) ? [] : [{ value: String(draft.locationId), label: draft.locationId ? String(draft.locationId) : 'Choose a location' }]), ...locations.map((l) => ({ value: l, label: l }))];

  return (
    <form aria-label="Station settings" className="panel" onSubmit={save} onKeyDown={cancelOnEscape} noValidate>
      <h2>Station settings</h2>
      <fieldset>
        <legend>Desk</legend>
        {select('locationId', 'Location', locationOptions)}
        {text('desk.name', 'Desk name')}
        {text('desk.operator', 'Operator')}
      </fieldset>
      <fieldset>
        <legend>Invoices</legend>
        {text('invoiceSeries.prefix', 'Invoice prefix', {}, 'Invoice numbers look like PREFIX/2026-27/000123.')}
        {tick('invoiceSeries.autoInvoicing', 'The marketplace numbers the invoices (automatic invoicing)')}
      </fieldset>
      <fieldset>
        <legend>Ready to dispatch</legend>
        {select('rtdPolicy', 'Mark packed shipments ready to dispatch', [
          { value: 'immediate', label: 'Immediately after each pack' },
          { value: 'endOfWave', label: 'Together at the end of the wave' },
        ])}
      </fieldset>
      <fieldset>
        <legend>Sounds</legend>
        {tick('sounds.enabled', 'Play sounds on scans')}
        {text('sounds.volume', 'Volume (0 to 1)', { inputMode: 'decimal' })}
      </fieldset>
      <fieldset>
        <legend>Scanning</legend>
        {text('scan.debounceMs', 'Scanner double read: the same code again within (milliseconds) counts once', { inputMode: 'numeric' }, 'Short, like 150: two identical units scanned half a second apart are two units. An ignored double read is said on screen.')}
        {tick('scan.typedCounts', 'Pack: a number typed in the scan field (12, then Enter) counts units of the product just scanned')}
        {text('scan.wedgeMaxInterKeyMs', 'Keyboard scanner: longest pause between keys (milliseconds)', { inputMode: 'numeric' })}
        {text('scan.wedgeMinLength', 'Keyboard scanner: shortest code (characters)', { inputMode: 'numeric' })}
        {select('scan.wedgeTerminator', 'Keyboard scanner ends each code with', [
          { value: 'Enter', label: 'Enter' },
          { value: 'Tab', label: 'Tab' },
          { value: 'none', label: 'Nothing' },
        ])}
      </fieldset>
      <fieldset>
        <legend>Shifts and tax</legend>
        {text('shiftStarts', 'Shift start times (IST, comma separated)', {}, 'For example 06:00, 14:00, 22:00.')}
        {text('taxTransitionYear', 'Year of the 22 September tax code switch', { inputMode: 'numeric' })}
      </fieldset>
      <fieldset>
        <legend>Display</legend>
        {tick('compactMode', 'Compact mode (smaller spacing for small screens)')}
      </fieldset>
      <div className="actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save settings'}
        </button>
        {touched ? <span className="hint">Esc undoes unsaved changes.</span> : null}
      </div>
      {result ? <ResultLine {...result} /> : null}
    </form>
  );
}
