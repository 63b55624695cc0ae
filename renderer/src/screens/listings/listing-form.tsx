// Create or update one listing (spec § Listing create / update request). The shared listing
// rules, the same the marketplace applies, run on every change; each message shows at the field
// its attribute path names, and a draft with an error is never sent. The marketplace's own
// attribute_errors come back the same way.
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { saidWords } from '../../i18n/said-words.js';
import { useStation } from '../../app/station-context.js';
import { FIXED_TAX_CODES, FulfillmentProfile, ListingStatus, ProcurementType, ShippingProvider, SLAB_TAX_CODES, TRANSITIONAL_TAX_CODES } from '../../../../shared/api/enums.js';
import { checkListing } from '../../../../shared/api/listing-rules.js';
import { isValidSku, MAX_SKU_LENGTH } from '../../../../shared/api/listings.js';
import { Field, ResultLine } from '../setup/form-field.js';
import { errorWords } from '../../app/errors.js';
import { draftOfRecord, emptyDraft, fieldId, placeOf, toListing, type ListingDraft } from './listing-draft.js';
import { fieldLabel, issueWords } from './listing-issue-words.js';
import type { SaySentence } from '../../../../shared/listing-field-labels.js';
import { LabelFields, LocationsFields, PackagesFields, shownPaths } from './listing-form-rows.js';
import { MessagesContext, PathGroup, PathInput, PathSelect } from './listing-fields.js';
import { MAX_PRODUCT_ID_LENGTH, MIN_PRODUCT_ID_LENGTH } from '../../../../shared/api/limits.js';
import type { KeyedSentence } from '../../../../shared/contract/define.js';
import { msgKey } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';

/** Tax codes are the marketplace's codes, said as they are. */
const TAX_CODES = [...FIXED_TAX_CODES, ...SLAB_TAX_CODES, ...TRANSITIONAL_TAX_CODES].map((c): [string, string] => [c, c.replace(/_/g, ' ')]);
const LISTING_STATUS: Record<(typeof ListingStatus.options)[number], string> = { ACTIVE: msgKey('listings.state.active'), INACTIVE: msgKey('listings.state.inactive') };
const PROCUREMENT: Record<(typeof ProcurementType.options)[number], string> = {
  REGULAR: msgKey('listings.form.procurement.regular'),
  EXPRESS: msgKey('listings.form.procurement.express'),
  INTERNATIONAL: msgKey('listings.form.procurement.international'),
  MADE_TO_ORDER: msgKey('listings.form.procurement.madeToOrder'),
  DOMESTIC: msgKey('listings.form.procurement.domestic'),
};
const WHO_SHIPS: Record<(typeof ShippingProvider.options)[number], string> = {
  SELLER: msgKey('listings.form.ships.seller'),
  MARKETPLACE: msgKey('listings.form.ships.marketplace'),
  MARKETPLACE_SELLER: msgKey('listings.form.ships.marketplaceSeller'),
  SELLER_MARKETPLACE: msgKey('listings.form.ships.sellerMarketplace'),
};
/** Options of an enum, each said by its catalogue key, in the enum's order. */
const options = <V extends string>(values: readonly V[], words: Record<V, string>, t: (key: string) => string) => values.map((v): [string, string] => [v, t(words[v])]);

export function ListingForm({ sellerLocations, defaultLocation }: { sellerLocations: readonly string[]; defaultLocation: string }) {
  const api = useStation();
  const { t } = useT();
  const say = useMemo(() => (s: KeyedSentence) => t(s.key, s.params ?? {}), [t]);
  const [d, setD] = useState<ListingDraft>(() => emptyDraft(defaultLocation));
  const [packageIds, setPackageIds] = useState<string[]>();
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [skuError, setSkuError] = useState<string>();
  const [remote, setRemote] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const shown = useMemo(() => shownPaths(d), [d]);
  const local = useMemo(() => {
    const listing = toListing(d);
    const { issues } = checkListing(listing, { operation: d.mode, hyperlocal: d.hyperlocal, sellerLocationIds: sellerLocations, existingPackageIds: d.mode === 'update' ? packageIds : undefined });
    const byPlace: Record<string, string[]> = {};
    const errors: { place: string; text: string }[] = [];
    for (const i of issues) {
      const place = placeOf(i.path, shown);
      const text = issueWords(i, listing, d, say);
      (byPlace[place] ??= []).push(text);
      if (i.severity === 'ERROR') errors.push({ place, text });
    }
    return { byPlace, errors };
  }, [d, sellerLocations, packageIds, shown, say]);

  const messages = {
    at(path: string) {
      const all = [...(submitted || touched.has(path) ? (local.byPlace[path] ?? []) : []), ...(remote[path] ?? [])];
      return all.length ? all.join(' ') : undefined;
    },
    touch(path: string) {
      setTouched((t) => {
        const next = new Set(t);
        for (let p = path; ; p = p.replace(/(\.[A-Za-z_]\w*|\[\d+\])$/, '')) {
          next.add(p);
          if (!/(\.[A-Za-z_]\w*|\[\d+\])$/.test(p) || p === '$') break;
        }
        return next;
      });
    },
  };

  function set(change: Partial<ListingDraft>) {
    setD((old) => ({ ...old, ...change }));
    setRemote({});
    setResult(undefined);
  }

  function clear() {
    setD(emptyDraft(defaultLocation));
    setTouched(new Set());
    setSubmitted(false);
    setRemote({});
    setResult(undefined);
    setPackageIds(undefined);
  }

  async function load() {
    if (!isValidSku(d.sku)) {
      setSkuError(t('listings.form.skuToLoad', { max: MAX_SKU_LENGTH }));
      return;
    }
    setSkuError(undefined);
    setBusy(true);
    try {
      const got = await api.invoke('listings.get', { sku: d.sku });
      if (!got.record) {
        setResult({ ok: false, text: t('listings.form.noListing', { sku: d.sku }) });
        setD((old) => ({ ...old, mode: 'create' }));
      } else {
        const draft = draftOfRecord(got.sku, got.record, got.hyperlocal);
        setD(draft);
        setPackageIds(draft.packages.map((p) => p.id).filter(Boolean));
        setTouched(new Set());
        setSubmitted(false);
        setRemote({});
        setResult({ ok: true, text: t('listings.form.loaded', { sku: got.sku }) });
      }
    } catch (e) {
      setResult({ ok: false, text: errorWords(e) });
    } finally {
      setBusy(false);
    }
  }

  function focusField(id: string) {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(id)}`)?.focus());
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const badSku = !isValidSku(d.sku);
    setSkuError(badSku ? t('listings.form.skuBad', { max: MAX_SKU_LENGTH }) : undefined);
    if (badSku || local.errors.length > 0) {
      const count = local.errors.length + (badSku ? 1 : 0);
      setResult({ ok: false, text: t('listings.form.notSent', { count }) });
      focusField(badSku ? 'lf-sku' : fieldId(local.errors[0]!.place));
      return;
    }
    setBusy(true);
    try {
      const r = await api.invoke('listings.save', { sku: d.sku, listing: toListing(d), mode: d.mode, hyperlocal: d.hyperlocal });
      const at: Record<string, string[]> = {};
      const general: string[] = [];
      for (const m of r.messages) {
        // The station's own words in the desk's language; the marketplace's as it says them.
        const text = saidWords({ text: m.text, sentences: m.sentence ? [m.sentence] : undefined });
        if (m.path && m.path !== '$') (at[placeOf(m.path, shown)] ??= []).push(text);
        else general.push(text);
      }
      setRemote(at);
      const head = r.status === 'success' ? t('listings.form.saved', { sku: r.sku }) : r.status === 'warning' ? t('listings.form.savedNotes', { sku: r.sku }) : t('listings.form.refused', { sku: r.sku });
      setResult({ ok: r.status !== 'failure', text: [head, ...general].join(' ') });
      if (r.status !== 'failure' && d.mode === 'create') setD((old) => ({ ...old, mode: 'update' }));
    } catch (err) {
      setResult({ ok: false, text: errorWords(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <MessagesContext.Provider value={messages}>
      <form ref={formRef} aria-label={t('listings.form.name')} className="panel listing-form" onSubmit={save} noValidate>
        <h2>{d.mode === 'create' ? t('listings.form.newListing') : t('listings.form.updateListing', { sku: d.sku })}</h2>
        {submitted && (local.errors.length > 0 || skuError) ? (
          <div className="error-summary" role="alert" aria-labelledby="lf-summary-title">
            <p id="lf-summary-title">
              <strong>{t('listings.form.correctFirst', { count: local.errors.length + (skuError ? 1 : 0) })}</strong>
            </p>
            <ul aria-label={t('listings.form.toCorrect')}>
              {skuError ? (
                <li>
                  <a href="#lf-sku" onClick={(e) => (e.preventDefault(), focusField('lf-sku'))}>
                    {t('listings.form.skuError', { error: skuError })}
                  </a>
                </li>
              ) : null}
              {local.errors.map((x, i) => (
                <li key={`${x.place}-${i}`}>
                  <a href={`#${fieldId(x.place)}`} onClick={(e) => (e.preventDefault(), focusField(fieldId(x.place)))}>
                    {x.text}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <Field id="lf-sku" label="SKU" error={skuError}>
          {(a) => <input {...a} value={d.sku} onChange={(e) => set({ sku: e.target.value })} />}
        </Field>
        <button type="button" onClick={() => void load()} disabled={busy}>
          {t('listings.form.load')}
        </button>
        <fieldset>
          <legend>{t('listings.form.operation')}</legend>
          <label className="check">
            <input type="radio" name="lf-mode" checked={d.mode === 'create'} onChange={() => set({ mode: 'create', archivedStatus: '' })} /> {t('listings.form.create')}
          </label>
          <label className="check">
            <input type="radio" name="lf-mode" checked={d.mode === 'update'} onChange={() => set({ mode: 'update' })} /> {t('listings.form.update')}
          </label>
          <label className="check">
            <input type="checkbox" checked={d.hyperlocal} onChange={(e) => set({ hyperlocal: e.target.checked, packages: d.packages.slice(0, 1), locations: d.locations.slice(0, 1) })} /> {t('listings.form.hyperlocal')}
          </label>
        </fieldset>
        {messages.at('$') ? <p className="field-error">{messages.at('$')}</p> : null}
        <PathInput path="$.product_id" label={fieldLabel('$.product_id', say)} value={d.productId} onChange={(v) => set({ productId: v })} hint={t('listings.form.productIdHint', { min: MIN_PRODUCT_ID_LENGTH, max: MAX_PRODUCT_ID_LENGTH })} />
        <PathSelect path="$.listing_status" label={fieldLabel('$.listing_status', say)} value={d.listingStatus} options={options(ListingStatus.options, LISTING_STATUS, t)} onChange={(v) => set({ listingStatus: v })} />
        {d.mode === 'update' ? (
          <PathSelect path="$.archived_status" label={fieldLabel('$.archived_status', say)} value={d.archivedStatus} options={[['', t('listings.form.leaveAsIs')], ['ARCHIVED', t('listings.field.archived')], ['NONE', t('listings.form.notArchived')]]} onChange={(v) => set({ archivedStatus: v })} />
        ) : null}
        <fieldset>
          <legend>{t('listings.form.priceTax')}</legend>
          <PathInput path="$.price.mrp" label={t('listings.quick.mrp')} inputMode="numeric" value={d.mrp} onChange={(v) => set({ mrp: v })} />
          <PathInput path="$.price.selling_price" label={t('listings.quick.sp')} inputMode="numeric" value={d.sellingPrice} onChange={(v) => set({ sellingPrice: v })} hint={t('listings.form.spHint')} />
          <PathInput path="$.tax.hsn" label={fieldLabel('$.tax.hsn', say)} inputMode="numeric" value={d.hsn} onChange={(v) => set({ hsn: v })} hint={t('listings.form.hsnHint')} />
          <PathSelect path="$.tax.tax_code" label={fieldLabel('$.tax.tax_code', say)} value={d.taxCode} options={[['', t('listings.form.chooseTax')], ...TAX_CODES]} onChange={(v) => set({ taxCode: v })} />
        </fieldset>
        <fieldset>
          <legend>{fieldLabel('$.fulfillment', say)}</legend>
          <PathSelect path="$.fulfillment_profile" label={fieldLabel('$.fulfillment_profile', say)} value={d.fulfillmentProfile} options={FulfillmentProfile.options} onChange={(v) => set({ fulfillmentProfile: v })} />
          <PathInput path="$.fulfillment.dispatch_sla" label={fieldLabel('$.fulfillment.dispatch_sla', say)} inputMode="numeric" value={d.dispatchSla} onChange={(v) => set({ dispatchSla: v })} />
          <PathSelect path="$.fulfillment.shipping_provider" label={fieldLabel('$.fulfillment.shipping_provider', say)} value={d.shippingProvider} options={options(['SELLER', 'MARKETPLACE', 'MARKETPLACE_SELLER', 'SELLER_MARKETPLACE'] as const, WHO_SHIPS, t)} onChange={(v) => set({ shippingProvider: v })} />
          <PathSelect path="$.fulfillment.procurement_type" label={fieldLabel('$.fulfillment.procurement_type', say)} value={d.procurementType} options={options(ProcurementType.options, PROCUREMENT, t)} onChange={(v) => set({ procurementType: v })} />
        </fieldset>
        <ShippingFees d={d} set={set} say={say} />
        <PackagesFields d={d} set={set} say={say} />
        <LocationsFields d={d} set={set} sellerLocations={sellerLocations} say={say} />
        <LabelFields d={d} set={set} say={say} />
        <div className="actions">
          <button type="submit" disabled={busy}>
            {busy ? t('listings.form.sending') : d.mode === 'create' ? t('listings.form.createListing') : t('listings.form.saveChanges')}
          </button>
          <button type="button" onClick={clear}>
            {t('listings.form.clear')}
          </button>
        </div>
        {result ? <ResultLine {...result} /> : null}
      </form>
    </MessagesContext.Provider>
  );
}

function ShippingFees({ d, set, say }: { d: ListingDraft; set: (c: Partial<ListingDraft>) => void; say: SaySentence }) {
  const { t } = useT();
  return (
    <PathGroup path="$.shipping_fees" legend={t('listings.form.feesLegend')}>
      <PathInput path="$.shipping_fees.local" label={fieldLabel('$.shipping_fees.local', say)} inputMode="numeric" value={d.feeLocal} onChange={(v) => set({ feeLocal: v })} />
      <PathInput path="$.shipping_fees.zonal" label={fieldLabel('$.shipping_fees.zonal', say)} inputMode="numeric" value={d.feeZonal} onChange={(v) => set({ feeZonal: v })} />
      <PathInput path="$.shipping_fees.national" label={fieldLabel('$.shipping_fees.national', say)} inputMode="numeric" value={d.feeNational} onChange={(v) => set({ feeNational: v })} />
    </PathGroup>
  );
}
