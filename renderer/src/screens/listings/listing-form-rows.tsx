// The repeating parts of the listing form: packages and selling locations (one of each for a
// hyperlocal listing), and the address and dating labels.
import { LocationStatus } from '../../../../shared/api/enums.js';
import { MAX_PACKAGE_NAME_LENGTH } from '../../../../shared/api/limits.js';
import { emptyLocation, emptyPackage, type ListingDraft, type LocationDraft, type PackageDraft } from './listing-draft.js';
import { PathCheckbox, PathGroup, PathInput, PathSelect } from './listing-fields.js';
import { fieldLabel, locationName, packageName, type SaySentence } from '../../../../shared/listing-field-labels.js';
import { MAX_SHELF_LIFE_SECONDS } from '../../../../shared/api/limits.js';
import { useT } from '../../i18n/use-t.js';

type Change = (change: Partial<ListingDraft>) => void;
const DAY_SECONDS = 86_400;
const MONTH_DAYS = 30;

export const packagePath = (d: ListingDraft, i: number) => (d.hyperlocal ? '$.package' : `$.packages[${i}]`);
export const locationPath = (d: ListingDraft, i: number) => (d.hyperlocal ? '$.location' : `$.locations[${i}]`);

/** Every path the form shows a place for: errors at other paths go to the nearest of these. */
export function shownPaths(d: ListingDraft): Set<string> {
  const s = new Set<string>(['$', '$.product_id', '$.price', '$.price.mrp', '$.price.selling_price', '$.tax', '$.tax.hsn', '$.tax.tax_code', '$.listing_status']);
  for (const k of ['local', 'zonal', 'national']) s.add(`$.shipping_fees.${k}`);
  s.add('$.shipping_fees');
  for (const k of ['', '.dispatch_sla', '.shipping_provider', '.procurement_type']) s.add(`$.fulfillment${k}`);
  s.add('$.fulfillment_profile');
  s.add(d.hyperlocal ? '$.package' : '$.packages');
  s.add(d.hyperlocal ? '$.location' : '$.locations');
  d.packages.forEach((_, i) => {
    const p = packagePath(d, i);
    for (const k of ['', '.name', '.dimensions', '.dimensions.length', '.dimensions.breadth', '.dimensions.height', '.weight', '.description', '.handling.fragile', '.notional_value', '.notional_value.amount', '.notional_value.unit']) s.add(p + k);
  });
  d.locations.forEach((_, i) => {
    const l = locationPath(d, i);
    for (const k of ['', '.id', '.status', '.inventory']) s.add(l + k);
  });
  for (const k of ['', '.manufacturer_details', '.importer_details', '.packer_details', '.countries_of_origin']) s.add(`$.address_label${k}`);
  for (const k of ['', '.mfg_date', '.shelf_life']) s.add(`$.dating_label${k}`);
  s.add('$.archived_status');
  return s;
}

export function PackagesFields({ d, set, say }: { d: ListingDraft; set: Change; say: SaySentence }) {
  const { t } = useT();
  const change = (i: number, c: Partial<PackageDraft>) => set({ packages: d.packages.map((p, j) => (j === i ? { ...p, ...c } : p)) });
  const rows = d.hyperlocal ? d.packages.slice(0, 1) : d.packages;
  return (
    <PathGroup path={d.hyperlocal ? '$.package' : '$.packages'} legend={fieldLabel(d.hyperlocal ? '$.package' : '$.packages', say)}>
      {rows.map((p, i) => {
        const at = packagePath(d, i);
        const which = packageName(d.hyperlocal ? undefined : i, say);
        const label = (part: string) => fieldLabel(`${at}.${part}`, say);
        return (
          <fieldset key={i} className="row-group">
            <legend>{p.id ? t('listings.form.packageId', { which, id: p.id }) : which}</legend>
            <PathInput path={`${at}.name`} label={label('name')} value={p.name} onChange={(v) => change(i, { name: v })} hint={t('listings.form.nameHint', { max: MAX_PACKAGE_NAME_LENGTH })} />
            <PathInput path={`${at}.dimensions.length`} label={label('dimensions.length')} inputMode="decimal" value={p.length} onChange={(v) => change(i, { length: v })} />
            <PathInput path={`${at}.dimensions.breadth`} label={label('dimensions.breadth')} inputMode="decimal" value={p.breadth} onChange={(v) => change(i, { breadth: v })} />
            <PathInput path={`${at}.dimensions.height`} label={label('dimensions.height')} inputMode="decimal" value={p.height} onChange={(v) => change(i, { height: v })} />
            <PathInput path={`${at}.weight`} label={label('weight')} inputMode="decimal" value={p.weight} onChange={(v) => change(i, { weight: v })} />
            <PathInput path={`${at}.description`} label={label('description')} multiline value={p.description} onChange={(v) => change(i, { description: v })} />
            <PathCheckbox path={`${at}.handling.fragile`} label={t('listings.form.isFragile', { which })} checked={p.fragile} onChange={(v) => change(i, { fragile: v })} />
            <PathInput path={`${at}.notional_value.amount`} label={label('notional_value.amount')} inputMode="numeric" value={p.notionalAmount} onChange={(v) => change(i, { notionalAmount: v })} hint={t('listings.form.notionalHint')} />
            <PathSelect path={`${at}.notional_value.unit`} label={label('notional_value.unit')} value={p.notionalUnit} options={[['', t('listings.form.notGiven')], ['PERCENTAGE', t('listings.form.percent')], ['INR', t('listings.form.rupees')]]} onChange={(v) => change(i, { notionalUnit: v })} />
            {!d.hyperlocal ? (
              <button type="button" onClick={() => set({ packages: d.packages.filter((_, j) => j !== i) })}>
                {t('listings.form.removePackage', { which })}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      {!d.hyperlocal || d.packages.length === 0 ? (
        <button type="button" onClick={() => set({ packages: [...d.packages, emptyPackage()] })}>
          {t('listings.form.addPackage')}
        </button>
      ) : null}
    </PathGroup>
  );
}

export function LocationsFields({ d, set, sellerLocations, say }: { d: ListingDraft; set: Change; sellerLocations: readonly string[]; say: SaySentence }) {
  const { t } = useT();
  const change = (i: number, c: Partial<LocationDraft>) => set({ locations: d.locations.map((l, j) => (j === i ? { ...l, ...c } : l)) });
  const rows = d.hyperlocal ? d.locations.slice(0, 1) : d.locations;
  return (
    <PathGroup path={d.hyperlocal ? '$.location' : '$.locations'} legend={fieldLabel(d.hyperlocal ? '$.location' : '$.locations', say)}>
      {rows.map((l, i) => {
        const at = locationPath(d, i);
        const which = locationName(d.hyperlocal ? undefined : i, say);
        const options: [string, string][] = [['', t('listings.form.chooseLocation')], ...sellerLocations.map((x): [string, string] => [x, x])];
        if (l.id && !sellerLocations.includes(l.id)) options.push([l.id, l.id]);
        return (
          <fieldset key={i} className="row-group">
            <legend>{which}</legend>
            <PathSelect path={`${at}.id`} label={which} value={l.id} options={options} onChange={(v) => change(i, { id: v })} />
            <PathSelect path={`${at}.status`} label={fieldLabel(`${at}.status`, say)} value={l.status} options={LocationStatus.options.map((s): [string, string] => [s, s === 'ENABLED' ? t('listings.form.enabled') : t('listings.form.disabled')])} onChange={(v) => change(i, { status: v })} />
            <PathInput path={`${at}.inventory`} label={fieldLabel(`${at}.inventory`, say)} inputMode="numeric" value={l.inventory} onChange={(v) => change(i, { inventory: v })} />
            {!d.hyperlocal ? (
              <button type="button" onClick={() => set({ locations: d.locations.filter((_, j) => j !== i) })}>
                {t('listings.form.removeLocation', { which })}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      {!d.hyperlocal || d.locations.length === 0 ? (
        <button type="button" onClick={() => set({ locations: [...d.locations, emptyLocation()] })}>
          {t('listings.form.addLocation')}
        </button>
      ) : null}
    </PathGroup>
  );
}

export function LabelFields({ d, set, say }: { d: ListingDraft; set: Change; say: SaySentence }) {
  const { t } = useT();
  const days = MAX_SHELF_LIFE_SECONDS / DAY_SECONDS;
  return (
    <>
      <PathGroup path="$.address_label" legend={fieldLabel('$.address_label', say)}>
        <PathInput path="$.address_label.manufacturer_details" label={t('listings.form.manufacturers')} multiline value={d.manufacturers} onChange={(v) => set({ manufacturers: v })} />
        <PathInput path="$.address_label.importer_details" label={t('listings.form.importers')} multiline value={d.importers} onChange={(v) => set({ importers: v })} hint={t('listings.form.importerHint')} />
        <PathInput path="$.address_label.packer_details" label={t('listings.form.packers')} multiline value={d.packers} onChange={(v) => set({ packers: v })} />
        <PathInput path="$.address_label.countries_of_origin" label={fieldLabel('$.address_label.countries_of_origin', say)} value={d.countries} onChange={(v) => set({ countries: v })} hint={t('listings.form.countriesHint')} />
      </PathGroup>
      <PathGroup path="$.dating_label" legend={fieldLabel('$.dating_label', say)}>
        <PathInput path="$.dating_label.mfg_date" label={fieldLabel('$.dating_label.mfg_date', say)} type="date" value={d.mfgDate} onChange={(v) => set({ mfgDate: v })} hint={t('listings.form.mfgHint')} />
        <PathInput path="$.dating_label.shelf_life" label={fieldLabel('$.dating_label.shelf_life', say)} inputMode="numeric" value={d.shelfLifeDays} onChange={(v) => set({ shelfLifeDays: v })} hint={t('listings.form.shelfHint', { days, months: days / MONTH_DAYS })} />
      </PathGroup>
    </>
  );
}
