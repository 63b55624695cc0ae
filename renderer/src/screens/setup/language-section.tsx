// Setup -> Language: the desk's language, one of the catalogues found at build time (a new file
// in shared/i18n/locales is a new entry here). It is saved at once, and the whole app switches
// without a restart.
import { useState } from 'react';
import { useStation } from '../../app/station-context.js';
import { LANGUAGES } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';
import { useAppStore } from '../../stores/app-store.js';
import { useSettingsStore } from '../../stores/settings-store.js';
import { errorWords } from '../../app/errors.js';

export function LanguageSection() {
  const api = useStation();
  const { t } = useT();
  const language = useAppStore((s) => s.settings.language);
  const [result, setResult] = useState<{ ok: true } | { ok: false; reason: string }>();

  async function choose(id: string) {
    try {
      const saved = await useSettingsStore.getState().update(api, { language: id });
      useAppStore.getState().setSettings(saved);
      setResult({ ok: true });
    } catch (e) {
      setResult({ ok: false, reason: errorWords(e) });
    }
  }

  return (
    <section aria-labelledby="language-heading" className="panel">
      <h2 id="language-heading">{t('setup.language.title')}</h2>
      <div className="field">
        <label htmlFor="set-language">{t('setup.language.desk')}</label>
        <select id="set-language" value={language} aria-describedby="set-language-hint" onChange={(e) => void choose(e.target.value)}>
          {LANGUAGES.map((l) => (
            <option key={l.id} value={l.id} lang={l.id === 'pseudo' ? 'en' : l.id}>
              {l.name}
            </option>
          ))}
        </select>
        <p id="set-language-hint" className="hint">
          {t('setup.language.hint')}
        </p>
      </div>
      {result ? (
        <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'result-ok' : 'field-problem'}>
          {result.ok ? t('setup.language.saved') : t('setup.language.notSaved', { reason: result.reason })}
        </p>
      ) : null}
    </section>
  );
}
