// "Which product is this?" — shown when a product barcode the catalogue does not know is scanned
// while a shipment is open. One key per product of the shipment (1…9); the choice links the
// barcode to that SKU and counts the unit. Esc leaves it unlinked and counts nothing.
// The scan field keeps the focus, so a scanner still works while the question is shown: a key
// counts as a choice only when no other key follows it within a scanner's key interval (a scan
// that starts with a digit is a scan, not an answer).
import { useEffect, useRef } from 'react';
import type { DeskView } from '../../../../shared/contract/desk.js';
import { errorWords } from '../../app/errors.js';
import { useStation } from '../../app/station-context.js';
import { useT } from '../../i18n/use-t.js';
import { playSound } from '../../sound/feedback-sound.js';
import { say, useAppStore } from '../../stores/app-store.js';
import { refocusScan } from './scan-field.js';
import { keyTakenAsCommand } from '../../scan/wedge-listener.js';
import './barcode-prompt.css';

const MAX_CHOICES = 9;
/** How long a key must stand alone to be an answer: longer than any scanner's key gap, too short for a person to notice. */
const ANSWER_SETTLE_MS = 150;

export interface BarcodePromptProps {
  view: DeskView;
}

/** The products of the open shipment, once each, in the order of its lines. */
function productsOf(view: DeskView): { sku: string; title: string }[] {
  const seen = new Map<string, string>();
  for (const l of view.session?.lines ?? []) if (!seen.has(l.sku)) seen.set(l.sku, l.title);
  return [...seen].slice(0, MAX_CHOICES).map(([sku, title]) => ({ sku, title }));
}

export function BarcodePrompt({ view }: BarcodePromptProps) {
  const api = useStation();
  const { t } = useT();
  const unknown = view.unknownBarcode;
  const products = productsOf(view);
  const interKeyMs = useAppStore((s) => s.settings.scan.wedgeMaxInterKeyMs);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const choose = async (sku: string) => {
    if (!unknown) return;
    try {
      const { text } = await api.invoke('barcodes.learn', { code: unknown.code, sku });
      say('ok', text);
      playSound('success');
    } catch (e) {
      say('error', errorWords(e));
      playSound('failure');
    }
    refocusScan();
  };
  const dismiss = async () => {
    try {
      say('info', (await api.invoke('barcodes.dismiss', {})).text);
    } catch (e) {
      say('error', errorWords(e));
    }
    refocusScan();
  };

  useEffect(() => {
    if (!unknown) return;
    const cancelPending = () => {
      if (pending.current !== undefined) clearTimeout(pending.current);
      pending.current = undefined;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.altKey || e.metaKey) return;
      cancelPending();
      if (e.key === 'Escape') {
        // Esc answers the question; it must not also put the shipment aside.
        e.preventDefault();
        e.stopPropagation();
        void dismiss();
        return;
      }
      const n = /^[1-9]$/.test(e.key) ? Number(e.key) : 0;
      if (n === 0 || n > products.length) return;
      const { sku } = products[n - 1];
      pending.current = setTimeout(() => {
        pending.current = undefined;
        // The digit the key typed into the scan field was an answer, not the start of a code.
        keyTakenAsCommand();
        const field = document.activeElement;
        if (field instanceof HTMLInputElement && field.dataset.scanField !== undefined && field.value === e.key) {
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
          setter?.call(field, '');
          field.dispatchEvent(new Event('input', { bubbles: true }));
        }
        void choose(sku);
      }, Math.max(ANSWER_SETTLE_MS, interKeyMs * 3));
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      cancelPending();
    };
  }, [unknown?.code, products.map((p) => p.sku).join('\n'), interKeyMs]);

  if (!unknown) return null;
  return (
    <div role="dialog" aria-label={t('pack.barcode.dialog')} className="barcode-prompt">
      <h2>{t('pack.barcode.question', { format: unknown.format, code: unknown.code })}</h2>
      <p>{t('pack.barcode.explain')}</p>
      <ol className="barcode-choices">
        {products.map((p, i) => (
          <li key={p.sku}>
            <button type="button" onClick={() => void choose(p.sku)}>
              <kbd>{i + 1}</kbd> {p.title} <span className="sku">{p.sku}</span>
            </button>
          </li>
        ))}
      </ol>
      <button type="button" onClick={() => void dismiss()}>
        <kbd>Esc</kbd> {t('pack.barcode.none')}
      </button>
    </div>
  );
}
