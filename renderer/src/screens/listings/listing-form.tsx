// Create or update one listing (spec § Listing create / update request). The shared listing
// rules, the same the marketplace applies, run on every change; each message shows at the field
// its attribute path names, and a draft with an error is never sent. The marketplace's own
// attribute_errors come back the same way.
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useStation } from '../../app/station-context.js';
import { FIXED_TAX_CODES, FulfillmentProfile, ListingStatus, ProcurementType, ShippingProvider, SLAB_TAX_CODES, TRANSITIONAL_TAX_CODES } from '../../../../shared/api/enums.js';
import { checkListing } from '../../../../shared/api/listing-rules.js';
import { isValidSku, MAX_SKU_LENGTH } from '../../../../shared/api/listings.js';
import { errorWords, Field, ResultLine } from '../setup/form-field.js';
import { draftOfRecord, emptyDraft, fieldId, placeOf, toListing, type ListingDraft } from './listing-draft.js';
import { issueWords } from './listing-issue-words.js';
import { LabelFields, LocationsFields, PackagesFields, shownPaths } from './listing-form-rows.js';
import { MessagesContext, PathGroup, PathInput, PathSelect } from './listing-fields.js';

const TAX_CODES: [string, string][] = [['', 'Choose a tax code'], ...[...FIXED_TAX_CODES, ...SLAB_TAX_CODES, ...TRANSITIONAL_TAX_CODES].map((c): [string, string] => [c, c.replace(/_/g, ' ')])];
const words = (values: readonly string[]) => values.map((v): [string, string] => [v, v.replace(/_/g, ' ').toLowerCase().replace(/^./, (c) => c.toUpperCase())]);

export function ListingForm({ sellerLocations, defaultLocation }: { sellerLocations: readonly string[]; defaultLocation: string }) {
  const api = useStation();
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
      const text = issueWords(i, listing, d);
      (byPlace[place] ??= []).push(text);
      if (i.severity === 'ERROR') errors.push({ place, text });
    }
    return { byPlace, errors };
  }, [d, sellerLocations, packageIds, shown]);

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
      setSkuError(`Give the SKU to load: 1 to ${MAX_SKU_LENGTH} characters, no commas.`);
      return;
    }
    setSkuError(undefined);
    setBusy(true);
    try {
      const got = await api.invoke('listings.get', { sku: d.sku });
      if (!got.record) {
        setResult({ ok: false, text: `There is no listing with SKU ${d.sku}. Fill the form to create it.` });
        setD((old) => ({ ...old, mode: 'create' }));
      } else {
        const draft = draftOfRecord(got.sku, got.record, got.hyperlocal);
        setD(draft);
        setPackageIds(draft.packages.map((p) => p.id).filter(Boolean));
        setTouched(new Set());
        setSubmitted(false);
        setRemote({});
        setResult({ ok: true, text: `Listing ${got.sku} loaded for update.` });
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
    setSkuError(badSku ? `Give the SKU: 1 to ${MAX_SKU_LENGTH} characters, no commas and no spaces at either end.` : undefined);
    if (badSku || local.errors.length > 0) {
      const count = local.errors.length + (badSku ? 1 : 0);
      setResult({ ok: false, text: `Not sent: ${count} ${count === 1 ? 'field needs' : 'fields need'} correcting (marked below).` });
      focusField(badSku ? 'lf-sku' : fieldId(local.errors[0]!.place));
      return;
    }
    setBusy(true);
    try {
      const r = await api.invoke('listings.save', { sku: d.sku, listing: toListing(d), mode: d.mode, hyperlocal: d.hyperlocal });
      const at: Record<string, string[]> = {};
      const general: string[] = [];
      for (const m of r.messages) {
        if (m.path && m.path !== '$') (at[placeOf(m.path, shown)] ??= []).push(m.text);
        else general.push(m.text);
      }
      setRemote(at);
      const head = r.status === 'success' ? `Listing ${r.sku} saved.` : r.status === 'warning' ? `Listing ${r.sku} saved with notes.` : `The marketplace refused listing ${r.sku}.`;
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
      <form ref={formRef} aria-label="Listing" className="panel listing-form" onSubmit={save} noValidate>
        <h2>{d.mode === 'create' ? 'New listing' : `Update listing ${d.sku}`}</h2>
        {submitted && (local.errors.length > 0 || skuError) ? (
          <div className="error-summary" role="alert" aria-labelledby="lf-summary-title">
            <p id="lf-summary-title">
              <strong>Not sent. Correct {local.errors.length + (skuError ? 1 : 0) === 1 ? 'this field' : 'these fields'} first:</strong>
            </p>
            <ul aria-label="Fields to correct">
              {skuError ? (
                <li>
                  <a href="#lf-sku" onClick={(e) => (e.preventDefault(), focusField('lf-sku'))}>
                    SKU: {skuError}
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
          Load this SKU
        </button>
        <fieldset>
          <legend>Operation</legend>
          <label className="check">
            <input type="radio" name="lf-mode" checked={d.mode === 'create'} onChange={() => set({ mode: 'create', archivedStatus: '' })} /> Create
          </label>
          <label className="check">
            <input type="radio" name="lf-mode" checked={d.mode === 'update'} onChange={() => set({ mode: 'update' })} /> Update
          </label>
          <label className="check">
            <input type="checkbox" checked={d.hyperlocal} onChange={(e) => set({ hyperlocal: e.target.checked, packages: d.packages.slice(0, 1), locations: d.locations.slice(0, 1) })} /> Hyperlocal listing (one package, one location)
          </label>
        </fieldset>
        {messages.at('$') ? <p className="field-error">{messages.at('$')}</p> : null}
        <PathInput path="$.product_id" label="Product ID" value={d.productId} onChange={(v) => set({ productId: v })} hint="13 to 16 characters." />
        <PathSelect path="$.listing_status" label="Listing status" value={d.listingStatus} options={words(ListingStatus.options)} onChange={(v) => set({ listingStatus: v })} />
        {d.mode === 'update' ? (
          <PathSelect path="$.archived_status" label="Archived" value={d.archivedStatus} options={[['', 'Leave as it is'], ['ARCHIVED', 'Archived'], ['NONE', 'Not archived']]} onChange={(v) => set({ archivedStatus: v })} />
        ) : null}
        <fieldset>
          <legend>Price and tax</legend>
          <PathInput path="$.price.mrp" label="MRP (₹)" inputMode="numeric" value={d.mrp} onChange={(v) => set({ mrp: v })} />
          <PathInput path="$.price.selling_price" label="Selling price (₹)" inputMode="numeric" value={d.sellingPrice} onChange={(v) => set({ sellingPrice: v })} hint="Not above the MRP." />
          <PathInput path="$.tax.hsn" label="HSN code" inputMode="numeric" value={d.hsn} onChange={(v) => set({ hsn: v })} hint="4, 6 or 8 digits." />
          <PathSelect path="$.tax.tax_code" label="Tax code" value={d.taxCode} options={TAX_CODES} onChange={(v) => set({ taxCode: v })} />
        </fieldset>
        <fieldset>
          <legend>Fulfilment</legend>
          <PathSelect path="$.fulfillment_profile" label="Fulfilment profile" value={d.fulfillmentProfile} options={FulfillmentProfile.options} onChange={(v) => set({ fulfillmentProfile: v })} />
          <PathInput path="$.fulfillment.dispatch_sla" label="Dispatch time (days)" inputMode="numeric" value={d.dispatchSla} onChange={(v) => set({ dispatchSla: v })} />
          <PathSelect path="$.fulfillment.shipping_provider" label="Who ships" value={d.shippingProvider} options={[['SELLER', 'The seller ships every order'], ['MARKETPLACE', 'Marketplace logistics ships every order'], ['MARKETPLACE_SELLER', 'Marketplace where possible, else the seller'], ['SELLER_MARKETPLACE', 'The seller, else marketplace logistics']].filter(([v]) => ShippingProvider.options.includes(v as never)) as [string, string][]} onChange={(v) => set({ shippingProvider: v })} />
          <PathSelect path="$.fulfillment.procurement_type" label="Procurement" value={d.procurementType} options={words(ProcurementType.options)} onChange={(v) => set({ procurementType: v })} />
        </fieldset>
        <ShippingFees d={d} set={set} />
        <PackagesFields d={d} set={set} />
        <LocationsFields d={d} set={set} sellerLocations={sellerLocations} />
        <LabelFields d={d} set={set} />
        <div className="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Sending…' : d.mode === 'create' ? 'Create listing' : 'Save changes'}
          </button>
          <button type="button" onClick={clear}>
            Clear the form
          </button>
        </div>
        {result ? <ResultLine {...result} /> : null}
      </form>
    </MessagesContext.Provider>
  );
}

function ShippingFees({ d, set }: { d: ListingDraft; set: (c: Partial<ListingDraft>) => void }) {
  return (
    <PathGroup path="$.shipping_fees" legend="Shipping fees (₹)">
      <PathInput path="$.shipping_fees.local" label="Fee within the city" inputMode="numeric" value={d.feeLocal} onChange={(v) => set({ feeLocal: v })} />
      <PathInput path="$.shipping_fees.zonal" label="Fee within the zone" inputMode="numeric" value={d.feeZonal} onChange={(v) => set({ feeZonal: v })} />
      <PathInput path="$.shipping_fees.national" label="Fee across the country" inputMode="numeric" value={d.feeNational} onChange={(v) => set({ feeNational: v })} />
    </PathGroup>
  );
}
