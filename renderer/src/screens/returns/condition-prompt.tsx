// What came back in the box: asked once the return and its location are confirmed, answered
// with one key (1 to 5) or a click. Sellable goes back in stock; the others are kept out of stock
// for a claim. Esc goes back to the return.
import { useEffect, useRef } from 'react';
import type { ReturnCondition } from '../../../../shared/contract/returns.js';
import { msgKey } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';

/** Keys closer together than this come from a scanner, not a hand. */
const BURST_GAP_MS = 80;

/** Catalogue keys of each answer and what happens to it. */
const CHOICES: { condition: ReturnCondition; label: string; note: string }[] = [
  { condition: 'sellable', label: msgKey('returns.choice.sellable'), note: msgKey('returns.choice.backInStock') },
  { condition: 'damaged', label: msgKey('returns.choice.damaged'), note: msgKey('returns.choice.forClaim') },
  { condition: 'wrongProduct', label: msgKey('returns.choice.wrongProduct'), note: msgKey('returns.choice.forClaim') },
  { condition: 'missingParts', label: msgKey('returns.choice.missingParts'), note: msgKey('returns.choice.forClaim') },
  { condition: 'emptyBox', label: msgKey('returns.choice.emptyBox'), note: msgKey('returns.choice.forClaim') },
];

export function ConditionPrompt({ scanned, onChoose, onCancel }: { scanned: string; onChoose(c: ReturnCondition): void; onCancel(): void }) {
  const { t } = useT();
  const box = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLButtonElement>('button')?.focus();
    // A digit is an answer only when typed alone: a scanner's burst (the next return's label)
    // also holds digits, and its next key follows within milliseconds.
    let chosen: ReturnType<typeof setTimeout> | undefined;
    let lastKeyAt = 0;
    const onKey = (e: KeyboardEvent) => {
      const now = performance.now();
      const burst = now - lastKeyAt < BURST_GAP_MS;
      lastKeyAt = now;
      if (chosen) {
        clearTimeout(chosen);
        chosen = undefined;
      }
      if (e.altKey || e.ctrlKey || e.metaKey || burst) return;
      const n = Number(e.key);
      if (n >= 1 && n <= CHOICES.length) {
        e.preventDefault();
        chosen = setTimeout(() => onChoose(CHOICES[n - 1]!.condition), BURST_GAP_MS);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        onCancel();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      if (chosen) clearTimeout(chosen);
      window.removeEventListener('keydown', onKey);
    };
  }, [onChoose, onCancel]);
  return (
    <fieldset ref={box} className="panel condition-prompt">
      <legend>{t('returns.choice.legend', { id: scanned })}</legend>
      <div className="actions">
        {CHOICES.map((c, i) => (
          <button key={c.condition} type="button" aria-keyshortcuts={String(i + 1)} onClick={() => onChoose(c.condition)}>
            <kbd>{i + 1}</kbd> {t(c.label)} <span className="muted">({t(c.note)})</span>
          </button>
        ))}
        <button type="button" onClick={onCancel}>
          <kbd>Esc</kbd> {t('returns.back')}
        </button>
      </div>
    </fieldset>
  );
}
