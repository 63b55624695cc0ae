// The desk's settings: location, invoices, ready-to-dispatch policy, sounds, scan
// timing, shifts and compact mode. Every field is checked with the shared StationSettings schema
// as it changes, and Save sends only a draft without problems; a refusal from the station comes
// back in words at the field it names. Printers are their own section (printers-section.tsx).
import { useEffect, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useStation } from '../../app/station-context.js';
import type { StationSettings } from '../../../../shared/settings.js';
import { useAppStore } from '../../stores/app-store.js';
import { useSettingsStore } from '../../stores/settings-store.js';
import { errorWords } from '../../app/errors.js';
import { Field, ResultLine } from './form-field.js';
import { useT } from '../../i18n/use-t.js';
import { SpokenWordsTick } from '../../sound/spoken-words-tick.js';
import { ALL_FIELDS, draftOf, readDraft, refusalByField, type Draft, type FieldErrors } from './settings-draft.js';

const fid = (path: string) => `set-${path.replace(/\./g, '-')}`;

export function StationSettingsForm({ settings }: { settings: StationSettings }) {
  const { t } = useT();
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
      setResult({ ok: false, text: t('settings.notSaved') });
      return;
    }
    setBusy(true);
    try {
      const saved = await update(api, patch);
      // The rest of the app (compact mode, sounds, scanner timing) follows at once, not on the next screen change.
      useAppStore.getState().setSettings(saved);
      setTouched(false);
      setResult({ ok: true, text: t('settings.saved') });
    } catch (err) {
      const { errors: at, rest } = refusalByField(errorWords(err), ALL_FIELDS);
      setErrors(at);
      setResult({ ok: false, text: `${t('settings.nothingSaved')} ${rest}`.trim() });
    } finally {
      setBusy(false);
    }
  }

  function cancelOnEscape(e: KeyboardEvent) {
    if (e.key !== 'Escape' || !touched) return;
    setDraft(draftOf(settings));
    setErrors({});
    setTouched(false);
    setResult({ ok: true, text: t('settings.undone') });
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
  const locationOptions = [...(locations.includes(String(draft.locationId)) ? [] : [{ value: String(draft.locationId), label: draft.locationId ? String(draft.locationId) : t('settings.locationChoose') }]), ...locations.map((l) => ({ value: l, label: l }))];

  return (
    <form aria-label={t('settings.formLabel')} className="panel" onSubmit={save} onKeyDown={cancelOnEscape} noValidate>
      <h2>{t('settings.formLabel')}</h2>
      <fieldset>
        <legend>{t('settings.desk')}</legend>
        {select('locationId', t('settings.location'), locationOptions)}
        {text('desk.name', t('settings.deskName'))}
        {text('desk.operator', t('settings.operator'))}
      </fieldset>
      <fieldset>
        <legend>{t('settings.invoices')}</legend>
        {text('invoiceSeries.prefix', t('settings.prefix'), {}, t('settings.prefixHint'))}
        {tick('invoiceSeries.autoInvoicing', t('settings.autoInvoicing'))}
      </fieldset>
      <fieldset>
        <legend>{t('settings.rtd')}</legend>
        {select('rtdPolicy', t('settings.rtdWhen'), [
          { value: 'immediate', label: t('settings.rtdImmediate') },
          { value: 'endOfWave', label: t('settings.rtdWave') },
        ])}
      </fieldset>
      <fieldset>
        <legend>{t('settings.sounds')}</legend>
        {tick('sounds.enabled', t('settings.soundsOn'))}
        {text('sounds.volume', t('settings.volume'), { inputMode: 'decimal' })}
        <SpokenWordsTick checked={Boolean(draft['sounds.spoken'])} onChange={(on) => change('sounds.spoken', on)} />
      </fieldset>
      <fieldset>
        <legend>{t('settings.scanning')}</legend>
        {text('scan.debounceMs', t('settings.debounce'), { inputMode: 'numeric' }, t('settings.debounceHint'))}
        {tick('scan.typedCounts', t('settings.typedCounts'))}
        {text('scan.wedgeMaxInterKeyMs', t('settings.wedgePause'), { inputMode: 'numeric' })}
        {text('scan.wedgeMinLength', t('settings.wedgeMin'), { inputMode: 'numeric' })}
        {select('scan.wedgeTerminator', t('settings.wedgeEnd'), [
          { value: 'Enter', label: 'Enter' },
          { value: 'Tab', label: 'Tab' },
          { value: 'none', label: t('settings.nothing') },
        ])}
      </fieldset>
      <fieldset>
        <legend>{t('settings.shifts')}</legend>
        {text('shiftStarts', t('settings.shiftStarts'), {}, t('settings.shiftHint'))}
        {text('taxTransitionYear', t('settings.taxYear'), { inputMode: 'numeric' })}
      </fieldset>
      <fieldset>
        <legend>{t('settings.display')}</legend>
        {tick('compactMode', t('settings.compact'))}
      </fieldset>
      <div className="actions">
        <button type="submit" disabled={busy}>
          {busy ? t('settings.saving') : t('settings.save')}
        </button>
        {touched ? <span className="hint">{t('settings.escUndo')}</span> : null}
      </div>
      {result ? <ResultLine {...result} /> : null}
    </form>
  );
}
