// The products a seeded seller sells: one template per kind of product a packing desk meets
// (spec § Listing record; tax codes from spec § Tax codes). listing-factory.ts turns them into
// listings with prices, stock and states drawn from the seeded generator.
import type { TaxCode } from '../../../shared/api/enums.js';

export interface PackageTemplate {
  name: string;
  /** Centimetres. */
  dims: [number, number, number];
  /** Kilograms. */
  weight: number;
  fragile: boolean;
}

export interface ProductTemplate {
  /** SKU stem; the factory appends a variant and a sequence number. */
  skuCode: string;
  /** First three letters of the FSN (ids.ts FSN_RE). */
  category: string;
  vertical: string;
  titles: readonly string[];
  variants: readonly string[];
  hsn: string;
  taxCodes: readonly TaxCode[];
  /** MRP range in whole rupees. */
  mrp: [number, number];
  serialized: boolean;
  refurbished: boolean;
  /** Delivered and installed by the seller (spec § What the service does: Self Ship). */
  selfShip: boolean;
  hyperlocal: boolean;
  /** Books carry an ISBN-13 as product_id; everything else its FSN (16 characters). */
  isbn: boolean;
  packages: readonly PackageTemplate[];
  /** Countries of origin to choose from; anything but IN brings importer_details. */
  origins: readonly string[];
  /** Shelf life in seconds for packaged food; absent for durable goods. */
  shelfLife?: number;
}

const DAY = 86_400;

export const CATALOGUE: readonly ProductTemplate[] = [
  {
    skuCode: 'MOB', category: 'MOB', vertical: 'mobile',
    titles: ['Aurora X2 5G', 'Nimbus 12 Pro', 'Kestrel Lite', 'Vega M14'],
    variants: ['128GB-BLK', '256GB-BLU', '128GB-GRN', '64GB-SLV'],
    hsn: '8517', taxCodes: ['GST_18'], mrp: [9999, 54999],
    serialized: true, refurbished: false, selfShip: false, hyperlocal: false, isbn: false,
    packages: [{ name: 'Phone box', dims: [17, 9, 6], weight: 0.45, fragile: true }],
    origins: ['IN', 'IN', 'CN', 'VN'],
  },
  {
    skuCode: 'RFB-MOB', category: 'MOB', vertical: 'mobile',
    titles: ['Aurora X1 (Refurbished)', 'Nimbus 11 (Refurbished, Good)', 'Vega M12 (Refurbished, Fair)'],
    variants: ['64GB-BLK', '128GB-GRY'],
    hsn: '8517', taxCodes: ['GST_18'], mrp: [5999, 19999],
    serialized: true, refurbished: true, selfShip: false, hyperlocal: false, isbn: false,
    packages: [{ name: 'Refurbished phone box', dims: [18, 10, 6], weight: 0.5, fragile: true }],
    origins: ['IN'],
  },
  {
    skuCode: 'TSH', category: 'TSH', vertical: 't_shirt',
    titles: ['Cotton Crew Neck T-Shirt', 'Polo T-Shirt', 'Printed Oversized T-Shirt'],
    variants: ['S-WHT', 'M-BLK', 'L-NVY', 'XL-MRN'],
    hsn: '6109', taxCodes: ['GST_APPAREL'], mrp: [399, 1499],
    serialized: false, refurbished: false, selfShip: false, hyperlocal: false, isbn: false,
    packages: [{ name: 'Poly bag', dims: [30, 25, 3], weight: 0.25, fragile: false }],
    origins: ['IN', 'BD'],
  },
  {
    skuCode: 'KUR', category: 'KTA', vertical: 'kurta',
    titles: ['Rayon Straight Kurta', 'Block Print Cotton Kurta'],
    variants: ['M-YLW', 'L-BLU', 'XL-PNK'],
    hsn: '6204', taxCodes: ['GST_APPAREL'], mrp: [799, 2999],
    serialized: false, refurbished: false, selfShip: false, hyperlocal: false, isbn: false,
    packages: [{ name: 'Poly bag', dims: [35, 28, 4], weight: 0.35, fragile: false }],
    origins: ['IN'],
  },
  {
    skuCode: 'SHO', category: 'SHO', vertical: 'shoe',
    titles: ['Running Shoes', 'Leather Formal Derby', 'Canvas Sneakers'],
    variants: ['UK7-BLK', 'UK8-WHT', 'UK9-GRY', 'UK10-BRN'],
    hsn: '6403', taxCodes: ['GST_Footwear'], mrp: [699, 4999],
    serialized: false, refurbished: false, selfShip: false, hyperlocal: false, isbn: false,
    packages: [{ name: 'Shoe box', dims: [33, 22, 12], weight: 0.9, fragile: false }],
    origins: ['IN', 'VN', 'CN'],
  },
  {
    skuCode: 'BOK', category: 'BOK', vertical: 'book',
    titles: ['The Monsoon Ledger (Paperback)', 'Practical Data Structures (Hardcover)', 'Stories from the Ghats (Paperback)'],
    variants: ['PB', 'HB'],
    hsn: '4901', taxCodes: ['GST_0'], mrp: [199, 1299],
    serialized: false, refurbished: false, selfShip: false, hyperlocal: false, isbn: true,
    packages: [{ name: 'Book mailer', dims: [24, 17, 4], weight: 0.4, fragile: false }],
    origins: ['IN', 'GB'],
  },
  {
    skuCode: 'KTC', category: 'KTC', vertical: 'pressure_cooker',
    titles: ['Stainless Steel Pressure Cooker 5 L', 'Hard Anodised Kadai 2.5 L', 'Non-stick Tawa 28 cm'],
    variants: ['STD', 'IND'],
    hsn: '7323', taxCodes: ['GST_Old_12_New_5', 'GST_12'], mrp: [599, 3499],
    serialized: false, refurbished: false, selfShip: false, hyperlocal: false, isbn: false,
    packages: [{ name: 'Carton', dims: [32, 30, 22], weight: 2.6, fragile: false }],
    origins: ['IN'],
  },
  {
    skuCode: 'KTL', category: 'KTL', vertical: 'electric_kettle',
    titles: ['Electric Kettle 1.5 L', 'Glass Electric Kettle 1.8 L'],
    variants: ['SLV', 'BLK'],
    hsn: '8516', taxCodes: ['GST_18'], mrp: [899, 2499],
    serialized: false, refurbished: false, selfShip: false, hyperlocal: false, isbn: false,
    packages: [{ name: 'Kettle carton', dims: [24, 20, 26], weight: 1.3, fragile: true }],
    origins: ['CN', 'IN'],
  },
  {
    skuCode: 'TEA', category: 'TEA', vertical: 'tea',
    titles: ['Assam CTC Tea 500 g', 'Darjeeling Leaf Tea 250 g'],
    variants: ['PK1', 'PK2'],
    hsn: '0902', taxCodes: ['GST_5'], mrp: [149, 699],
    serialized: false, refurbished: false, selfShip: false, hyperlocal: true, isbn: false,
    packages: [{ name: 'Tea pouch', dims: [20, 12, 6], weight: 0.55, fragile: false }],
    origins: ['IN'],
    shelfLife: 540 * DAY,
  },
  {
    skuCode: 'SOF', category: 'SOF', vertical: 'sofa',
    titles: ['Three Seater Fabric Sofa', 'L-Shaped Sectional Sofa'],
    variants: ['GRY', 'BLU'],
    hsn: '9401', taxCodes: ['GST_Old_28_New_18', 'GST_18'], mrp: [18999, 64999],
    serialized: false, refurbished: false, selfShip: false, hyperlocal: false, isbn: false,
    packages: [
      { name: 'Sofa frame', dims: [190, 85, 70], weight: 32, fragile: false },
      { name: 'Cushions', dims: [90, 60, 50], weight: 6, fragile: false },
      { name: 'Legs and fittings', dims: [40, 20, 15], weight: 2.5, fragile: false },
    ],
    origins: ['IN', 'MY'],
  },
  {
    skuCode: 'REF', category: 'REF', vertical: 'refrigerator',
    titles: ['Double Door Refrigerator 340 L', 'Single Door Refrigerator 190 L'],
    variants: ['STL', 'RED'],
    hsn: '8418', taxCodes: ['GST_Old_28_New_18'], mrp: [15999, 45999],
    serialized: true, refurbished: false, selfShip: true, hyperlocal: false, isbn: false,
    packages: [{ name: 'Refrigerator crate', dims: [70, 75, 180], weight: 62, fragile: true }],
    origins: ['IN', 'KR'],
  },
  {
    skuCode: 'WMN', category: 'WMN', vertical: 'washing_machine',
    titles: ['Front Load Washing Machine 8 kg', 'Top Load Washing Machine 7 kg'],
    variants: ['WHT', 'GRY'],
    hsn: '8450', taxCodes: ['GST_Old_28_New_18'], mrp: [14999, 39999],
    serialized: true, refurbished: false, selfShip: true, hyperlocal: false, isbn: false,
    packages: [{ name: 'Washing machine crate', dims: [65, 65, 90], weight: 70, fragile: true }],
    origins: ['IN', 'TH'],
  },
];

/** Countries of origin and the label lines that go with them (spec § Listing record, address_label). */
export const IMPORTERS: Record<string, string> = {
  CN: 'Eastbridge Imports Pvt Ltd, Plot 14, MIDC, Pune 411019',
  VN: 'Saigon Link Traders LLP, 22 Anna Salai, Chennai 600002',
  BD: 'Delta Apparel Imports, 5 Park Street, Kolkata 700016',
  GB: 'Albion Books India, 3 Daryaganj, New Delhi 110002',
  MY: 'Straits Furniture Imports, 88 Old Madras Road, Bengaluru 560016',
  KR: 'Hanriver Electronics India Pvt Ltd, Sector 18, Noida 201301',
  TH: 'Siam Appliance Imports, Andheri East, Mumbai 400069',
};
