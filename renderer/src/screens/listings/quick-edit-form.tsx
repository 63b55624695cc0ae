// Quick edit of one listing's price and stock per location (spec § Listing operations: update
// price, update inventory). The price rules are the shared ones: selling price positive and not
// above the MRP.
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useStation } from '../../app/station-context.js';
import type { SkuResult } from '../../../../shared/contract/listings.js';
import type { ListingRow } from '../../stores/listings-store.js';
import { Field, ResultLine } from '../setup/form-field.js';
import { errorWords } from '../../app/errors.js';
import { tr } from '../../i18n/i18n.js';
import { saidWords, sentenceWords } from '../../i18n/said-words.js';
import { useT } from '../../i18n/use-t.js';

const whole = (t: string) => /^\d+$/.test(t.trim());

export function skuResultWords(r: SkuResult): string {
  const head = r.status === 'success' ? tr('listings.result.saved', { sku: r.sku }) : r.status === 'warning' ? tr('listings.result.savedWithNotes', { sku: r.sku }) : tr('listings.result.notSaved', { sku: r.sku });
  // The station's own words in the desk's language; the marketplace's stay as it gave them.
  return [head, ...r.messages.map((m) => (m.sentences ? saidWords({ text: m.text, sentences: m.sentences }) : m.sentence ? sentenceWords(m.sentence, m.text) : m.text))].join(' ');
}

export function QuickEditForm({ row, onDone, onCancel }: { row: ListingRow; onDone(text: string): void; onCancel(): void }) {
  const api = useStation();
  const { t } = useT();
  const [mrp, setMrp] = useState(String(row.mrp));
  const [sp, setSp] = useState(String(row.sellingPrice));
  const [stock, setStock] = useState<Record<string, string>>(() => Object.fromEntries(Object.entries(row.inventory).map(([k, v]) => [k, String(v)])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const id = (k: string) => `qe-${row.sku.replace(/[^A-Za-z0-9]+/g, '-')}-${k}`;

  function problems(): Record<string, string> {
    const found: Record<string, string> = {};
    if (!whole(mrp)) found.mrp = t('listings.quick.mrpWhole');
    if (!whole(sp) || Number(sp) <= 0) found.sp = t('listings.quick.spWhole');
    else if (whole(mrp) && Number(sp) > Number(mrp)) found.sp = t('listings.quick.spAboveMrp', { sp, mrp });
    for (const [loc, v] of Object.entries(stock)) if (!whole(v)) found[`inv-${loc}`] = t('listings.quick.stockWhole');
    return found;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = problems();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const priceChanged = Number(mrp) !== row.mrp || Number(sp) !== row.sellingPrice;
    const inventory = Object.entries(stock)
      .filter(([loc, v]) => Number(v) !== row.inventory[loc])
      .map(([locationId, v]) => ({ locationId, inventory: Number(v) }));
    if (!priceChanged && inventory.length === 0) {
      setResult({ ok: true, text: t('listings.quick.nothingChanged') });
      return;
    }
    setBusy(true);
    try {
      const results = await api.invoke('listings.quickEdit', {
        sku: row.sku,
        productId: row.productId,
        ...(priceChanged ? { mrp: Number(mrp), sellingPrice: Number(sp) } : {}),
        ...(inventory.length ? { inventory } : {}),
      });
      const text = results.map(skuResultWords).join(' ');
      if (results.every((r) => r.status !== 'failure')) onDone(text);
      else setResult({ ok: false, text });
    } catch (err) {
      setResult({ ok: false, text: errorWords(err) });
    } finally {
      setBusy(false);
    }
  }

  const escape = (e: KeyboardEvent) => {
    if (e.key === 'Escape') onCancel();
  };
  return (
    <form aria-label={t('listings.search.quickEdit', { sku: row.sku })} className="action-form" onSubmit={submit} onKeyDown={escape} noValidate>
      <Field id={id('mrp')} label={t('listings.quick.mrp')} error={errors.mrp}>
        {(a) => <input {...a} inputMode="numeric" autoFocus value={mrp} onChange={(e) => setMrp(e.target.value)} />}
      </Field>
      <Field id={id('sp')} label={t('listings.quick.sp')} error={errors.sp}>
        {(a) => <input {...a} inputMode="numeric" value={sp} onChange={(e) => setSp(e.target.value)} />}
      </Field>
      {Object.keys(stock).map((loc) => (
        <Field key={loc} id={id(`inv-${loc}`)} label={t('listings.quick.stockAt', { location: loc })} error={errors[`inv-${loc}`]}>
          {(a) => <input {...a} inputMode="numeric" value={stock[loc]} onChange={(e) => setStock({ ...stock, [loc]: e.target.value })} />}
        </Field>
      ))}
      <div className="actions">
        <button type="submit" disabled={busy}>
          {busy ? t('listings.quick.saving') : t('listings.quick.save')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('listings.cancel')}
        </button>
      </div>
      {result ? <ResultLine {...result} /> : null}
    </form>
  );
}
