// The listing's fields as the listing form labels them, by the JSON path of the request the
// marketplace's rules speak of (spec § Listing create / update request). Shared so that the form
// and the bulk CSV results, worded in the main process, name a field the same way.

const LABELS: Record<string, string> = {
  $: 'The listing',
  '$.product_id': 'Product ID',
  '$.listing_status': 'Listing status',
  '$.archived_status': 'Archived',
  '$.price': 'Price',
  '$.price.mrp': 'MRP',
  '$.price.selling_price': 'Selling price',
  '$.price.currency': 'Currency',
  '$.tax': 'Tax',
  '$.tax.hsn': 'HSN code',
  '$.tax.tax_code': 'Tax code',
  '$.fulfillment_profile': 'Fulfilment profile',
  '$.fulfillment': 'Fulfilment',
  '$.fulfillment.dispatch_sla': 'Dispatch time (days)',
  '$.fulfillment.shipping_provider': 'Who ships',
  '$.fulfillment.procurement_type': 'Procurement',
  '$.shipping_fees': 'Shipping fees',
  '$.shipping_fees.local': 'Fee within the city',
  '$.shipping_fees.zonal': 'Fee within the zone',
  '$.shipping_fees.national': 'Fee across the country',
  '$.packages': 'Packages',
  '$.package': 'Package',
  '$.locations': 'Selling locations',
  '$.location': 'Selling location',
  '$.address_label': 'Address label',
  '$.address_label.manufacturer_details': 'Manufacturer',
  '$.address_label.importer_details': 'Importer',
  '$.address_label.packer_details': 'Packer',
  '$.address_label.countries_of_origin': 'Countries of origin',
  '$.dating_label': 'Dating label',
  '$.dating_label.mfg_date': 'Manufacturing date',
  '$.dating_label.shelf_life': 'Shelf life (days)',
};

const PACKAGE_PARTS: Record<string, string> = {
  id: 'id',
  name: 'name',
  dimensions: 'size',
  'dimensions.length': 'length (cm)',
  'dimensions.breadth': 'breadth (cm)',
  'dimensions.height': 'height (cm)',
  weight: 'weight (kg)',
  description: 'description',
  handling: 'handling',
  'handling.fragile': 'fragile',
  notional_value: 'notional value',
  'notional_value.amount': 'notional value',
  'notional_value.unit': 'notional value unit',
};
const LOCATION_PARTS: Record<string, string> = { id: '', status: 'status', inventory: 'inventory' };
const LINE_ITEMS: Record<string, string> = { manufacturer_details: 'Manufacturer', importer_details: 'Importer', packer_details: 'Packer', countries_of_origin: 'Country of origin' };

/** The field's name as the form labels it. */
export function fieldLabel(path: string): string {
  if (LABELS[path]) return LABELS[path];
  let m = /^\$\.(packages\[(\d+)\]|package)(?:\.(.+))?$/.exec(path);
  if (m) {
    const which = m[2] === undefined ? 'Package' : `Package ${Number(m[2]) + 1}`;
    return m[3] ? `${which} ${PACKAGE_PARTS[m[3]] ?? m[3]}` : which;
  }
  m = /^\$\.(locations\[(\d+)\]|location)(?:\.(.+))?$/.exec(path);
  if (m) {
    const which = m[2] === undefined ? 'Location' : `Location ${Number(m[2]) + 1}`;
    const part = m[3] ? (LOCATION_PARTS[m[3]] ?? m[3]) : '';
    return part ? `${which} ${part}` : which;
  }
  m = /^\$\.address_label\.(\w+)\[(\d+)\]$/.exec(path);
  if (m && LINE_ITEMS[m[1]!]) return `${LINE_ITEMS[m[1]!]} ${m[1] === 'countries_of_origin' ? '' : 'line '}${Number(m[2]) + 1}`;
  return path.replace(/^\$\.?/, '') || 'The listing';
}

