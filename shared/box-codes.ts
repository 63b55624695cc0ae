// The code on a box slip: the marketplace prints one label per shipment (spec § Sub-shipment:
// "One label is generated per shipment"), so every box of a multi-package shipment carries the
// same label barcode. Each box slip carries its own code instead, the shipment id with "box n of
// N", so the scan-out check at the truck ticks each box by its own scan.

/** Boxes a slip numbers: two digits are plenty for the packages of one shipment. */
const MAX_BOXES = 99;
const BOX_CODE_RE = /^(.+)-(\d{1,2})OF(\d{1,2})$/;

export interface BoxRef {
  shipmentId: string;
  /** 1-based. */
  box: number;
  of: number;
}

/** "SH00000000000001-2OF3": box 2 of 3 of that shipment (Code 128 takes it as is). */
export function boxCode(shipmentId: string, box: number, of: number): string {
  return `${shipmentId}-${box}OF${of}`;
}

/** The box a scanned slip code names; undefined for any other code. */
export function parseBoxCode(scanned: string): BoxRef | undefined {
  const m = BOX_CODE_RE.exec(scanned.trim().toUpperCase());
  if (!m) return undefined;
  const box = Number(m[2]);
  const of = Number(m[3]);
  if (box < 1 || of < 1 || box > of || of > MAX_BOXES) return undefined;
  return { shipmentId: m[1]!, box, of };
}
