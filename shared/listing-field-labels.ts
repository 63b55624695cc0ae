// The listing's fields as the listing form labels them, by the JSON path of the request the
// marketplace's rules speak of (spec § Listing create / update request). Shared so that the form
// and the bulk CSV results, worded in the main process, name a field the same way. Each name is a
// catalogue key: the form says it in the desk's language, the station in English.
import type { KeyedSentence } from './contract/define.js';
import { englishSentence, sentence } from './i18n/station-sentences.js';

/** Says a keyed sentence in some language (the station's English by default). */
export type SaySentence = (s: KeyedSentence) => string;

const LABELS: Record<string, KeyedSentence> = {
  $: sentence('listings.field.listing'),
  '$.product_id': sentence('listings.field.productId'),
  '$.listing_status': sentence('listings.field.listingStatus'),
  '$.archived_status': sentence('listings.field.archived'),
  '$.price': sentence('listings.field.price'),
  '$.price.mrp': sentence('listings.field.mrp'),
  '$.price.selling_price': sentence('listings.field.sellingPrice'),
  '$.price.currency': sentence('listings.field.currency'),
  '$.tax': sentence('listings.field.tax'),
  '$.tax.hsn': sentence('listings.field.hsn'),
  '$.tax.tax_code': sentence('listings.field.taxCode'),
  '$.fulfillment_profile': sentence('listings.field.fulfillmentProfile'),
  '$.fulfillment': sentence('listings.field.fulfillment'),
  '$.fulfillment.dispatch_sla': sentence('listings.field.dispatchSla'),
  '$.fulfillment.shipping_provider': sentence('listings.field.shippingProvider'),
  '$.fulfillment.procurement_type': sentence('listings.field.procurement'),
  '$.shipping_fees': sentence('listings.field.shippingFees'),
  '$.shipping_fees.local': sentence('listings.field.feeLocal'),
  '$.shipping_fees.zonal': sentence('listings.field.feeZonal'),
  '$.shipping_fees.national': sentence('listings.field.feeNational'),
  '$.packages': sentence('listings.field.packages'),
  '$.package': sentence('listings.field.package'),
  '$.locations': sentence('listings.field.locations'),
  '$.location': sentence('listings.field.location'),
  '$.address_label': sentence('listings.field.addressLabel'),
  '$.address_label.manufacturer_details': sentence('listings.field.manufacturer'),
  '$.address_label.importer_details': sentence('listings.field.importer'),
  '$.address_label.packer_details': sentence('listings.field.packer'),
  '$.address_label.countries_of_origin': sentence('listings.field.countries'),
  '$.dating_label': sentence('listings.field.datingLabel'),
  '$.dating_label.mfg_date': sentence('listings.field.mfgDate'),
  '$.dating_label.shelf_life': sentence('listings.field.shelfLife'),
};

/** A package's parts, each said with the package's own name ("Package 1 name"). */
const PACKAGE_PARTS: Record<string, (which: string) => KeyedSentence> = {
  id: (which) => sentence('listings.field.pkg.id', { which }),
  name: (which) => sentence('listings.field.pkg.name', { which }),
  dimensions: (which) => sentence('listings.field.pkg.size', { which }),
  'dimensions.length': (which) => sentence('listings.field.pkg.length', { which }),
  'dimensions.breadth': (which) => sentence('listings.field.pkg.breadth', { which }),
  'dimensions.height': (which) => sentence('listings.field.pkg.height', { which }),
  weight: (which) => sentence('listings.field.pkg.weight', { which }),
  description: (which) => sentence('listings.field.pkg.description', { which }),
  handling: (which) => sentence('listings.field.pkg.handling', { which }),
  'handling.fragile': (which) => sentence('listings.field.pkg.fragile', { which }),
  notional_value: (which) => sentence('listings.field.pkg.notionalValue', { which }),
  'notional_value.amount': (which) => sentence('listings.field.pkg.notionalValue', { which }),
  'notional_value.unit': (which) => sentence('listings.field.pkg.notionalUnit', { which }),
};
const LOCATION_PARTS: Record<string, (which: string) => KeyedSentence> = {
  status: (which) => sentence('listings.field.loc.status', { which }),
  inventory: (which) => sentence('listings.field.loc.inventory', { which }),
};
const LINE_ITEMS: Record<string, (n: number) => KeyedSentence> = {
  manufacturer_details: (n) => sentence('listings.field.manufacturerLine', { n }),
  importer_details: (n) => sentence('listings.field.importerLine', { n }),
  packer_details: (n) => sentence('listings.field.packerLine', { n }),
  countries_of_origin: (n) => sentence('listings.field.countryN', { n }),
};

/** The name of package `i` (from 0), or of the hyperlocal listing's one package. */
export const packageName = (i: number | undefined, say: SaySentence = englishSentence): string =>
  i === undefined ? say(sentence('listings.field.package')) : say(sentence('listings.field.packageN', { n: i + 1 }));
/** The name of selling location `i` (from 0), or of the hyperlocal listing's one location. */
export const locationName = (i: number | undefined, say: SaySentence = englishSentence): string =>
  i === undefined ? say(sentence('listings.field.locationAny')) : say(sentence('listings.field.locationN', { n: i + 1 }));

/** The field's name as the form labels it, in the language `say` speaks. */
export function fieldLabel(path: string, say: SaySentence = englishSentence): string {
  if (LABELS[path]) return say(LABELS[path]);
  let m = /^\$\.(packages\[(\d+)\]|package)(?:\.(.+))?$/.exec(path);
  if (m) {
    const which = packageName(m[2] === undefined ? undefined : Number(m[2]), say);
    const part = m[3] ? PACKAGE_PARTS[m[3]] : undefined;
    return !m[3] ? which : part ? say(part(which)) : `${which} ${m[3]}`;
  }
  m = /^\$\.(locations\[(\d+)\]|location)(?:\.(.+))?$/.exec(path);
  if (m) {
    const which = locationName(m[2] === undefined ? undefined : Number(m[2]), say);
    if (!m[3] || m[3] === 'id') return which;
    const part = LOCATION_PARTS[m[3]];
    return part ? say(part(which)) : `${which} ${m[3]}`;
  }
  m = /^\$\.address_label\.(\w+)\[(\d+)\]$/.exec(path);
  const line = m ? LINE_ITEMS[m[1]!] : undefined;
  if (m && line) return say(line(Number(m[2]) + 1));
  return path.replace(/^\$\.?/, '') || say(LABELS.$!);
}
