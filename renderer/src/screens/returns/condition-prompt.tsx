// What came back in the box: asked once the return and its location are confirmed, answered
// with one key (1 to 5) or a click. Sellable goes back in stock; the others are kept out of stock
// for a claim. Esc goes back to the return.
import { useEffect, useRef } from 'react';
import type { ReturnCondition } from '../../../../shared/contract/returns.js';

/** Keys closer together than this come from a scanner, not a hand. */
const BURST_GAP_MS = 80;

const CHOICES: { condition: ReturnCondition; label: string; note: string }[] = [
  { condition: 'sellable', label: 'Sellable', note: 'goes back in stock' },
  { condition: 'damaged', label: 'Damaged', note: 'kept for a claim' },
  { condition: 'wrongProduct', label: 'Wrong product', note: 'kept for a claim' },
  { condition: 'missingParts', label: 'Missing parts', note: 'kept for a claim' },
  { condition: 'emptyBox', label: 'Empty box', note: 'kept for a claim' },
];

export function ConditionPrompt({ scanned, onChoose, onCancel }: { scanned: string; onChoose(c: ReturnCondition): void; onCancel(): void }) {
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
      <legend>What came back for {scanned}?</legend>
      <div className="actions">
        {CHOICES.map((c, i) => (
          <button key={c.condition} type="button" aria-keyshortcuts={String(i + 1)} onClick={() => onChoose(c.condition)}>
            <kbd>{i + 1}</kbd> {c.label} <span className="muted">({c.note})</span>
          </button>
        ))}
        <button type="button" onClick={onCancel}>
          <kbd>Esc</kbd> Back
        </button>
      </div>
    </fieldset>
  );
}
