// Setup -> Operators: the people who pack at this desk. Add one with a name, a PIN and their own
// language; rename, change the PIN, retire (or bring back), and print their badge on the label
// printer. The idle sign-out time is here too. With no operators the desk works as before.
import { useState, type FormEvent } from 'react';
import type { OperatorView } from '../../../../shared/contract/operators.js';
import { PIN_PATTERN } from '../../../../shared/operators.js';
import { useStation } from '../../app/station-context.js';
import { LANGUAGES } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';
import { useAppStore } from '../../stores/app-store.js';
import { useOperatorStore } from '../../stores/operator-store.js';
import { useSettingsStore } from '../../stores/settings-store.js';
import { errorWords } from '../../app/errors.js';
import { refusalByField } from './settings-draft.js';

type Result = { ok: boolean; text: string } | undefined;

function LanguageSelect({ id, value, onChange }: { id: string; value: string; onChange(v: string): void }) {
  const { t } = useT();
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t('operators.deskLanguage')}</option>
      {LANGUAGES.map((l) => (
        <option key={l.id} value={l.id}>
          {l.name}
        </option>
      ))}
    </select>
  );
}

function OperatorRow({ operator, say }: { operator: OperatorView; say(r: Result): void }) {
  const { t } = useT();
  const api = useStation();
  const [name, setName] = useState(operator.name);
  const [pin, setPin] = useState('');
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      say({ ok: true, text: done });
    } catch (e) {
      say({ ok: false, text: errorWords(e) });
    }
  };
  const rowId = `op-${operator.id}`;
  return (
    <tr className={operator.retired ? 'retired' : undefined}>
      <td>
        <input aria-label={t('operators.nameOf', { name: operator.name })} id={`${rowId}-name`} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        {name.trim() !== operator.name && name.trim() ? (
          <button type="button" onClick={() => void act(() => api.invoke('operators.update', { id: operator.id, name: name.trim() }), t('operators.renamed', { name: name.trim() }))}>
            {t('operators.rename')}
          </button>
        ) : null}
      </td>
      <td>
        <code>{operator.badge}</code>
      </td>
      <td>
        <LanguageSelect
          id={`${rowId}-lang`}
          value={operator.language ?? ''}
          onChange={(language) => void act(() => api.invoke('operators.update', { id: operator.id, language }), t('operators.saved', { name: operator.name }))}
        />
      </td>
      <td>
        <input aria-label={t('operators.newPinOf', { name: operator.name })} type="password" inputMode="numeric" autoComplete="new-password" value={pin} size={8} onChange={(e) => setPin(e.target.value)} />
        {pin ? (
          <button type="button" onClick={() => void act(() => api.invoke('operators.update', { id: operator.id, pin }).then(() => setPin('')), t('operators.pinChanged', { name: operator.name }))}>
            {t('operators.setPin')}
          </button>
        ) : null}
      </td>
      <td className="row-actions">
        <button
          type="button"
          disabled={operator.retired}
          onClick={() => void act(async () => {
            const { printer } = await api.invoke('operators.printBadge', { id: operator.id });
            say({ ok: true, text: t('operators.badgeSent', { name: operator.name, printer }) });
          }, '')}
        >
          {t('operators.printBadge')}
        </button>
        <button
          type="button"
          onClick={() =>
            void act(() => api.invoke('operators.update', { id: operator.id, retired: !operator.retired }), operator.retired ? t('operators.broughtBack', { name: operator.name }) : t('operators.retiredSaid', { name: operator.name }))
          }
        >
          {operator.retired ? t('operators.bringBack') : t('operators.retire')}
        </button>
      </td>
    </tr>
  );
}

/** The setting the idle field changes, as the station names it in a refusal. */
const IDLE_SETTING = 'operators.idleMinutes';

export function OperatorsSection() {
  const { t } = useT();
  const api = useStation();
  const view = useOperatorStore((s) => s.view);
  const idleMinutes = useAppStore((s) => s.settings.operators.idleMinutes);
  const badgeAlone = useAppStore((s) => s.settings.operators.badgeAlone);
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [language, setLanguage] = useState('');
  const [result, setResult] = useState<Result>();
  // The last action's words; a badge's own message (which printer) replaces the generic one.
  const say = (r: Result) => setResult((prev) => (r && r.text === '' ? prev : r));

  async function add(e: FormEvent) {
    e.preventDefault();
    if (!PIN_PATTERN.test(pin)) return setResult({ ok: false, text: t('operators.pinProblem') });
    try {
      await api.invoke('operators.add', { name: name.trim(), pin, ...(language ? { language } : {}) });
      setResult({ ok: true, text: t('operators.added', { name: name.trim() }) });
      setName('');
      setPin('');
    } catch (err) {
      setResult({ ok: false, text: errorWords(err) });
    }
  }

  async function saveIdle(value: string) {
    const minutes = Number(value);
    if (!Number.isInteger(minutes) || minutes < 0) return setResult({ ok: false, text: t('operators.idleWhole') });
    try {
      const saved = await useSettingsStore.getState().update(api, { operators: { idleMinutes: minutes } });
      useAppStore.getState().setSettings(saved);
      setResult({ ok: true, text: t('operators.idleSaved') });
    } catch (err) {
      // The station's refusal names the setting ("operators.idleMinutes: …"): this field says the problem alone.
      const { errors, rest } = refusalByField(errorWords(err), [IDLE_SETTING]);
      setResult({ ok: false, text: errors[IDLE_SETTING] ?? rest });
    }
  }

  async function saveBadgeAlone(on: boolean) {
    try {
      const saved = await useSettingsStore.getState().update(api, { operators: { badgeAlone: on } });
      useAppStore.getState().setSettings(saved);
      setResult({ ok: true, text: on ? t('operators.badgeAloneOn') : t('operators.badgeAloneOff') });
    } catch (err) {
      setResult({ ok: false, text: errorWords(err) });
    }
  }

  const operators = view?.operators ?? [];
  return (
    <section aria-labelledby="operators-heading" className="panel operators-setup">
      <h2 id="operators-heading">{t('operators.title')}</h2>
      <p className="hint">{t('operators.hint')}</p>
      {operators.length > 0 ? (
        <table className="operators">
          <thead>
            <tr>
              <th scope="col">{t('operators.name')}</th>
              <th scope="col">{t('operators.badge')}</th>
              <th scope="col">{t('operators.language')}</th>
              <th scope="col">{t('operators.pin')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('operators.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {operators.map((o) => (
              <OperatorRow key={`${o.id}-${o.name}-${o.language ?? ''}`} operator={o} say={say} />
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t('operators.none')}</p>
      )}
      <form className="add-operator" aria-label={t('operators.addTitle')} onSubmit={(e) => void add(e)}>
        <h3>{t('operators.addTitle')}</h3>
        <div className="field">
          <label htmlFor="op-new-name">{t('operators.name')}</label>
          <input id="op-new-name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="op-new-pin">{t('operators.pinRule')}</label>
          <input id="op-new-pin" type="password" inputMode="numeric" autoComplete="new-password" value={pin} onChange={(e) => setPin(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="op-new-lang">{t('operators.language')}</label>
          <LanguageSelect id="op-new-lang" value={language} onChange={setLanguage} />
        </div>
        <button type="submit" disabled={!name.trim() || !pin}>
          {t('operators.add')}
        </button>
      </form>
      <div className="field">
        <label htmlFor="op-idle">{t('operators.idle')}</label>
        <input id="op-idle" type="number" min={0} max={720} defaultValue={idleMinutes} key={idleMinutes} onBlur={(e) => void saveIdle(e.target.value)} />
      </div>
      <label className="check">
        <input type="checkbox" checked={badgeAlone} onChange={(e) => void saveBadgeAlone(e.target.checked)} /> {t('operators.badgeAlone')}
      </label>
      {result ? (
        <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'result-ok' : 'field-problem'}>
          {result.text}
        </p>
      ) : null}
    </section>
  );
}
