// Setup's "Spoken words" tick, with the words themselves in the desk's language under it, so the
// lead knows what the desk will say before turning it on.
import { SPOKEN_WORDS } from '../../../shared/speech.js';
import { useT } from '../i18n/use-t.js';
import { SPOKEN_KEYS } from './spoken-words.js';

export function SpokenWordsTick({ checked, onChange }: { checked: boolean; onChange(on: boolean): void }) {
  const { t } = useT();
  const words = SPOKEN_WORDS.map((w) => t(SPOKEN_KEYS[w])).join(' · ');
  return (
    <>
      <label className="check">
        <input type="checkbox" checked={checked} aria-describedby="spoken-words-hint" onChange={(e) => onChange(e.target.checked)} /> {t('speech.setting')}
      </label>
      <p id="spoken-words-hint" className="field-hint">
        {t('speech.says', { words })}
      </p>
    </>
  );
}
