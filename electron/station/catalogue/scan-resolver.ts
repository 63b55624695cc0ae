// Where the barcode catalogue meets a product scan: before the desk matches a scan against the
// shipment's lines, a product barcode it knows becomes the SKU it stands for; a GS1 number it does
// not know, while a shipment is open, becomes a question for the packer ("which product is it?"),
// and so does a free-text code (Code 128) that no listing of the seller has as its SKU.
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

/** One of the open shipment's own codes (SKU in any case, FSN, order item id). */
function isShipmentCode(session: OpenLines, v: string): boolean {
  return session.lines.some((l) => l.sku === v || l.fsn === v || l.orderItemId === v || l.sku.toUpperCase() === v.toUpperCase());
}

export function resolveProductScan(scan: ClassifiedScan, catalogue: BarcodeLookup | undefined, session?: OpenLines): Resolved {
  if (!catalogue || !PRODUCT_KINDS.has(scan.kind)) return { scan };
  if (session?.phase === 'serial') return { scan };
  const v = scan.value;
  // The shipment's own codes win: a seller whose SKUs are EANs needs no catalogue.
  if (session && isShipmentCode(session, v)) return { scan };
  const sku = catalogue.skuFor(v);
  if (sku !== undefined) return { scan: { kind: 'sku', value: sku } };
  const read = readProductBarcode(v);
  if (read.ok && read.format !== 'Code 128') return { unknown: { code: read.code, format: read.format } };
  return { scan };
}

/**
 * A free-text code (Code 128 on the product) that is neither one of the open shipment's codes nor in
 * the catalogue. It may be a product's own barcode or another product's SKU: the caller asks the
 * marketplace whether a listing has that SKU, and only a code no listing knows becomes a question.
 */
export function code128Candidate(scan: ClassifiedScan, session: OpenLines | undefined): UnknownBarcode | undefined {
  if (!session || session.phase === 'serial' || scan.kind !== 'sku' || isShipmentCode(session, scan.value)) return undefined;
  const read = readProductBarcode(scan.value);
  return read.ok && read.format === 'Code 128' ? { code: read.code, format: read.format } : undefined;
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
