// Add or change one device profile. The field list mirrors the device layer's profile
// (electron/station/devices/device-profile.ts, which the renderer may not import); the form checks
// what a person can get wrong by typing, and 'devices.save' has the final word, shown as it says it.
import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useStation } from '../../app/station-context.js';
import { errorWords } from '../../app/errors.js';
import { Field } from './form-field.js';
import { msgKey, tr } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';

const PROTOCOLS: Record<string, { value: string; label: string }[]> = {
  scanner: [{ value: 'line', label: msgKey('devices.form.protoLine') }],
  scale: [
    { value: 'sics', label: 'MT-SICS' },
    { value: 'continuous', label: msgKey('devices.form.protoContinuous') },
    { value: 'nci', label: 'NCI (SCP-01)' },
    { value: 'cas', label: 'CAS' },
    { value: 'toledo-8217', label: 'Toledo 8217' },
    { value: 'regex', label: msgKey('devices.form.protoRegex') },
  ],
  dimensioner: [
    { value: 'cubiscan', label: 'Cubiscan' },
    { value: 'regex', label: msgKey('devices.form.protoRegex') },
  ],
};

export type ProfileDraft = Record<string, string>;

export const EMPTY_PROFILE: ProfileDraft = {
  id: '', role: 'scale', name: '', path: '', baudRate: '9600', dataBits: '', parity: '', stopBits: '1', terminator: '',
  stripPrefix: '', stripSuffix: '', protocol: 'sics', regex: '', pollIntervalMs: '250', debounceMs: '800',
};

export function draftOfProfile(profile: Record<string, unknown>): ProfileDraft {
  const d = { ...EMPTY_PROFILE };
  for (const k of Object.keys(d)) if (profile[k] !== undefined && profile[k] !== null) d[k] = String(profile[k]);
  return d;
}

const NUMBER_RULES: Record<string, { label: string; min: number; max: number }> = {
  baudRate: { label: msgKey('devices.form.baudRate'), min: 1, max: 4_000_000 },
  pollIntervalMs: { label: msgKey('devices.form.pollInterval'), min: 50, max: 10_000 },
  debounceMs: { label: msgKey('devices.form.debounce'), min: 0, max: 60_000 },
};

/** The problems a person can type; the station checks the rest when saving. */
export function profileProblems(d: ProfileDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!d.name.trim()) errors.name = tr('devices.form.needName');
  if (!d.path.trim()) errors.path = tr('devices.form.needPath');
  for (const [k, r] of Object.entries(NUMBER_RULES)) {
    const n = Number(d[k]);
    if (d[k].trim() === '' || !Number.isInteger(n) || n < r.min || n > r.max) errors[k] = tr('devices.form.wholeNumber', { what: tr(r.label), min: r.min, max: r.max });
  }
  if (d.protocol === 'regex') {
    if (!d.regex) errors.regex = tr('devices.form.needRegex');
    else {
      try {
        new RegExp(d.regex);
      } catch {
        errors.regex = tr('devices.form.badRegex');
      }
    }
  }
  return errors;
}

function toProfile(d: ProfileDraft): Record<string, unknown> {
  const id = d.id || `${d.role}-${d.name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now().toString(36)}`;
  const p: Record<string, unknown> = {
    id, role: d.role, name: d.name.trim(), path: d.path.trim(), protocol: d.protocol,
    baudRate: Number(d.baudRate), stopBits: Number(d.stopBits), stripPrefix: d.stripPrefix, stripSuffix: d.stripSuffix,
    pollIntervalMs: Number(d.pollIntervalMs), debounceMs: Number(d.debounceMs),
  };
  // Blank line settings mean "the protocol's usual framing", so they are left out.
  if (d.dataBits) p.dataBits = Number(d.dataBits);
  if (d.parity) p.parity = d.parity;
  if (d.terminator) p.terminator = d.terminator;
  if (d.protocol === 'regex') p.regex = d.regex;
  return p;
}

interface Props {
  initial: ProfileDraft;
  onSaved(text: string): void;
  onCancel(): void;
}

export function DeviceForm({ initial, onSaved, onCancel }: Props) {
  const { t } = useT();
  const api = useStation();
  const [d, setD] = useState<ProfileDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [ports, setPorts] = useState<{ path: string; manufacturer?: string }[]>([]);
  const [portsNote, setPortsNote] = useState<string>();

  useEffect(() => {
    api.invoke('devices.ports', {}).then(
      (r) => {
        setPorts(r.ports);
        setPortsNote(r.message);
      },
      (e) => setPortsNote(errorWords(e)),
    );
  }, [api]);

  function set(key: string, value: string) {
    const next = { ...d, [key]: value };
    if (key === 'role') next.protocol = PROTOCOLS[value][0].value;
    setD(next);
    // Live, only the field being typed in and those already said wrong: a form just opened does
    // not greet the user with every empty field. Enter (save) says them all.
    const all = profileProblems(next);
    setErrors((shown) => Object.fromEntries(Object.entries(all).filter(([k]) => k === key || k in shown)));
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const found = profileProblems(d);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await api.invoke('devices.save', { profile: toProfile(d) });
      onSaved(t('devices.form.saved', { name: d.name.trim() }));
    } catch (err) {
      setFailure(t('devices.form.notSaved', { reason: errorWords(err) }));
    }
  }

  const input = (key: string, label: string, props: Record<string, unknown> = {}) => (
    <Field id={`dev-${key}`} label={label} error={errors[key]}>
      {(a) => <input {...a} {...props} value={d[key]} onChange={(e) => set(key, e.target.value)} />}
    </Field>
  );
  const choice = (key: string, label: string, options: [string, string][]) => (
    <Field id={`dev-${key}`} label={label} error={errors[key]}>
      {(a) => (
        <select {...a} value={d[key]} onChange={(e) => set(key, e.target.value)}>
          {options.map(([v, l]) => (
            <option key={v} value={v}>
              {t(l)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const escape = (e: KeyboardEvent) => {
    if (e.key === 'Escape') onCancel();
  };

  return (
    <form aria-label={initial.id ? t('devices.change', { name: initial.name }) : t('devices.add')} className="panel" onSubmit={save} onKeyDown={escape} noValidate>
      {choice('role', t('devices.form.kind'), [['scanner', msgKey('devices.form.barcodeScanner')], ['scale', msgKey('device.scale')], ['dimensioner', msgKey('device.dimensioner')]])}
      {input('name', t('devices.form.name'))}
      <Field id="dev-port" label={t('devices.form.portFound')}>
        {(a) => (
          <select {...a} value={ports.some((p) => p.path === d.path) ? d.path : ''} onChange={(e) => e.target.value && set('path', e.target.value)}>
            <option value="">{ports.length ? t('devices.form.choosePort') : t('devices.form.noPorts')}</option>
            {ports.map((p) => (
              <option key={p.path} value={p.path}>
                {p.manufacturer ? `${p.path} (${p.manufacturer})` : p.path}
              </option>
            ))}
          </select>
        )}
      </Field>
      {portsNote ? <p className="hint">{portsNote}</p> : null}
      {input('path', t('devices.form.path'))}
      {choice('protocol', t('devices.form.protocol'), PROTOCOLS[d.role].map((p) => [p.value, p.label]))}
      {d.protocol === 'regex' ? input('regex', t('devices.form.regex')) : null}
      {input('baudRate', t('devices.form.baudRate'), { inputMode: 'numeric' })}
      {choice('dataBits', t('devices.form.dataBits'), [['', msgKey('devices.form.usual')], ['7', '7'], ['8', '8']])}
      {choice('parity', t('devices.form.parity'), [['', msgKey('devices.form.usual')], ['none', msgKey('devices.form.parityNone')], ['even', msgKey('devices.form.parityEven')], ['odd', msgKey('devices.form.parityOdd')]])}
      {choice('stopBits', t('devices.form.stopBits'), [['1', '1'], ['2', '2']])}
      {choice('terminator', t('devices.form.lineEnd'), [['', msgKey('devices.form.usual')], ['crlf', 'CR LF'], ['cr', 'CR'], ['lf', 'LF'], ['etx', 'ETX'], ['tab', 'Tab']])}
      {input('stripPrefix', t('devices.form.stripStart'))}
      {input('stripSuffix', t('devices.form.stripEnd'))}
      {input('pollIntervalMs', t('devices.form.pollMs'), { inputMode: 'numeric' })}
      {input('debounceMs', t('devices.form.debounceMs'), { inputMode: 'numeric' })}
      <div className="actions">
        <button type="submit">{t('devices.form.save')}</button>
        <button type="button" onClick={onCancel}>
          {t('devices.form.cancel')}
        </button>
      </div>
      {failure ? (
        <p role="alert" className="result result-failed">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
