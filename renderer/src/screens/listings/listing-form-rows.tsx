// The repeating parts of the listing form: packages and selling locations (one of each for a
// hyperlocal listing), and the address and dating labels.
import { LocationStatus } from '../../../../shared/api/enums.js';
import { MAX_PACKAGE_NAME_LENGTH } from '../../../../shared/api/limits.js';
import { emptyLocation, emptyPackage, type ListingDraft, type LocationDraft, type PackageDraft } from './listing-draft.js';
import { PathCheckbox, PathGroup, PathInput, PathSelect } from './listing-fields.js';

type Change = (change: Partial<ListingDraft>) => void;

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

export function PackagesFields({ d, set }: { d: ListingDraft; set: Change }) {
  const change = (i: number, c: Partial<PackageDraft>) => set({ packages: d.packages.map((p, j) => (j === i ? { ...p, ...c } : p)) });
  const rows = d.hyperlocal ? d.packages.slice(0, 1) : d.packages;
  return (
    <PathGroup path={d.hyperlocal ? '$.package' : '$.packages'} legend={d.hyperlocal ? 'Package' : 'Packages'}>
      {rows.map((p, i) => {
        const at = packagePath(d, i);
        const n = d.hyperlocal ? '' : ` ${i + 1}`;
        return (
          <fieldset key={i} className="row-group">
            <legend>{`Package${n}`}{p.id ? ` (id ${p.id})` : ''}</legend>
            <PathInput path={`${at}.name`} label={`Package${n} name`} value={p.name} onChange={(v) => change(i, { name: v })} hint={`At most ${MAX_PACKAGE_NAME_LENGTH} characters.`} />
            <PathInput path={`${at}.dimensions.length`} label={`Package${n} length (cm)`} inputMode="decimal" value={p.length} onChange={(v) => change(i, { length: v })} />
            <PathInput path={`${at}.dimensions.breadth`} label={`Package${n} breadth (cm)`} inputMode="decimal" value={p.breadth} onChange={(v) => change(i, { breadth: v })} />
            <PathInput path={`${at}.dimensions.height`} label={`Package${n} height (cm)`} inputMode="decimal" value={p.height} onChange={(v) => change(i, { height: v })} />
            <PathInput path={`${at}.weight`} label={`Package${n} weight (kg)`} inputMode="decimal" value={p.weight} onChange={(v) => change(i, { weight: v })} />
            <PathInput path={`${at}.description`} label={`Package${n} description`} multiline value={p.description} onChange={(v) => change(i, { description: v })} />
            <PathCheckbox path={`${at}.handling.fragile`} label={`Package${n} is fragile`} checked={p.fragile} onChange={(v) => change(i, { fragile: v })} />
            <PathInput path={`${at}.notional_value.amount`} label={`Package${n} notional value`} inputMode="numeric" value={p.notionalAmount} onChange={(v) => change(i, { notionalAmount: v })} hint="Needed when the lot has several packages." />
            <PathSelect path={`${at}.notional_value.unit`} label={`Package${n} notional value unit`} value={p.notionalUnit} options={[['', 'Not given'], ['PERCENTAGE', 'Percent'], ['INR', 'Rupees (INR)']]} onChange={(v) => change(i, { notionalUnit: v })} />
            {!d.hyperlocal ? (
              <button type="button" onClick={() => set({ packages: d.packages.filter((_, j) => j !== i) })}>
                Remove package{n}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      {!d.hyperlocal || d.packages.length === 0 ? (
        <button type="button" onClick={() => set({ packages: [...d.packages, emptyPackage()] })}>
          Add a package
        </button>
      ) : null}
    </PathGroup>
  );
}

export function LocationsFields({ d, set, sellerLocations }: { d: ListingDraft; set: Change; sellerLocations: readonly string[] }) {
  const change = (i: number, c: Partial<LocationDraft>) => set({ locations: d.locations.map((l, j) => (j === i ? { ...l, ...c } : l)) });
  const rows = d.hyperlocal ? d.locations.slice(0, 1) : d.locations;
  return (
    <PathGroup path={d.hyperlocal ? '$.location' : '$.locations'} legend={d.hyperlocal ? 'Selling location' : 'Selling locations'}>
      {rows.map((l, i) => {
        const at = locationPath(d, i);
        const n = d.hyperlocal ? '' : ` ${i + 1}`;
        const options: [string, string][] = [['', 'Choose a location'], ...sellerLocations.map((x): [string, string] => [x, x])];
        if (l.id && !sellerLocations.includes(l.id)) options.push([l.id, l.id]);
        return (
          <fieldset key={i} className="row-group">
            <legend>{`Location${n}`}</legend>
            <PathSelect path={`${at}.id`} label={`Location${n}`} value={l.id} options={options} onChange={(v) => change(i, { id: v })} />
            <PathSelect path={`${at}.status`} label={`Location${n} status`} value={l.status} options={LocationStatus.options.map((s): [string, string] => [s, s === 'ENABLED' ? 'Enabled' : 'Disabled'])} onChange={(v) => change(i, { status: v })} />
            <PathInput path={`${at}.inventory`} label={`Location${n} inventory`} inputMode="numeric" value={l.inventory} onChange={(v) => change(i, { inventory: v })} />
            {!d.hyperlocal ? (
              <button type="button" onClick={() => set({ locations: d.locations.filter((_, j) => j !== i) })}>
                Remove location{n}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      {!d.hyperlocal || d.locations.length === 0 ? (
        <button type="button" onClick={() => set({ locations: [...d.locations, emptyLocation()] })}>
          Add a location
        </button>
      ) : null}
    </PathGroup>
  );
}

export function LabelFields({ d, set }: { d: ListingDraft; set: Change }) {
  return (
    <>
      <PathGroup path="$.address_label" legend="Address label">
        <PathInput path="$.address_label.manufacturer_details" label="Manufacturer (name and address, one per line)" multiline value={d.manufacturers} onChange={(v) => set({ manufacturers: v })} />
        <PathInput path="$.address_label.importer_details" label="Importer (one per line)" multiline value={d.importers} onChange={(v) => set({ importers: v })} hint="Needed when a country of origin is not IN." />
        <PathInput path="$.address_label.packer_details" label="Packer (one per line)" multiline value={d.packers} onChange={(v) => set({ packers: v })} />
        <PathInput path="$.address_label.countries_of_origin" label="Countries of origin" value={d.countries} onChange={(v) => set({ countries: v })} hint="Two-letter codes separated by commas, for example IN, CN." />
      </PathGroup>
      <PathGroup path="$.dating_label" legend="Dating label">
        <PathInput path="$.dating_label.mfg_date" label="Manufacturing date" type="date" value={d.mfgDate} onChange={(v) => set({ mfgDate: v })} hint="If the day is unknown, use the 1st of the month." />
        <PathInput path="$.dating_label.shelf_life" label="Shelf life (days)" inputMode="numeric" value={d.shelfLifeDays} onChange={(v) => set({ shelfLifeDays: v })} hint="At most 1800 days (60 months)." />
      </PathGroup>
    </>
  );
}
