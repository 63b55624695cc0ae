// Where the barcode catalogue meets a product scan: before the desk matches a scan against the
// shipment's lines, a product barcode it knows becomes the SKU it stands for; a GS1 number it does
// not know, while a shipment is open, becomes a question for the packer ("which product is it?").
// Nothing here touches a scan the desk is waiting for as a serial: while an IMEI or serial number
// is awaited, every code is passed through as scanned (a 14-digit serial is not a GTIN then).
import type { ClassifiedScan } from '../../../shared/barcodes.js';
import { readProductBarcode, type ProductBarcodeFormat } from '../../../shared/product-barcodes.js';

export interface BarcodeLookup {
  skuFor(code: string): string | undefined;
}

/** The part of an open pack session the resolver looks at. */
export interface OpenLines {
  phase: string;
  lines: readonly { sku: string; fsn: string; orderItemId: string }[];
}

export interface UnknownBarcode {
  code: string;
  format: ProductBarcodeFormat;
}

export type Resolved = { scan: ClassifiedScan } | { unknown: UnknownBarcode };

/** Scan kinds that can be printed on a product (a SKU-shaped string may be a Code 128). */
const PRODUCT_KINDS = new Set<ClassifiedScan['kind']>(['ean13', 'upca', 'sku', 'fsn']);

export function resolveProductScan(scan: ClassifiedScan, catalogue: BarcodeLookup | undefined, session?: OpenLines): Resolved {
  if (!catalogue || !PRODUCT_KINDS.has(scan.kind)) return { scan };
  if (session?.phase === 'serial') return { scan };
  const v = scan.value;
  // The shipment's own codes win: a seller whose SKUs are EANs needs no catalogue.
  if (session?.lines.some((l) => l.sku === v || l.fsn === v || l.orderItemId === v || l.sku.toUpperCase() === v.toUpperCase())) return { scan };
  const sku = catalogue.skuFor(v);
  if (sku !== undefined) return { scan: { kind: 'sku', value: sku } };
  const read = readProductBarcode(v);
  if (read.ok && read.format !== 'Code 128') return { unknown: { code: read.code, format: read.format } };
  return { scan };
}

/** The scan to apply, for a caller that has no question to ask (a restore replays the journal). */
export function resolvedScan(scan: ClassifiedScan, catalogue: BarcodeLookup | undefined, session?: OpenLines): ClassifiedScan {
  const r = resolveProductScan(scan, catalogue, session);
  return 'scan' in r ? r.scan : scan;
}

/** What the desk says when a product barcode it does not know opens no shipment. */
export function unknownBarcodeWithoutShipment(code: string, format: ProductBarcodeFormat): string {
  return `${format} ${code} is not linked to a product at this desk yet. Scan the shipment label first: the desk then asks which of its products this barcode is. Or link it in Listings → Barcodes.`;
}
