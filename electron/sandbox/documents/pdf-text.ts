// Text on the documents: the two standard Helvetica faces (no font files, no network), made safe
// for their WinAnsi encoding, measured, truncated and wrapped, plus the formats every document
// shares (money, IST dates, addresses).
import { type PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from '@cantoo/pdf-lib';
import { IST_OFFSET_MINUTES } from '../../../shared/api/limits.js';
import type { Address } from '../world/model.js';

export interface DocFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Embeds the faces once per document; every page of that document shares them. */
export async function embedDocFonts(doc: PDFDocument): Promise<DocFonts> {
  const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]);
  return { regular, bold };
}

let encodable: Set<number> | undefined;

/**
 * Replaces what the standard fonts cannot encode (they are WinAnsi: no Devanagari, no rupee sign)
 * with '?', and any line break with a space. pdf-lib throws on such characters, and one buyer's
 * name must not fail a merged label run of a hundred shipments.
 */
export function safeText(font: PDFFont, text: string): string {
  encodable ??= new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) out += encodable.has(ch.codePointAt(0)!) ? ch : '?';
  return out;
}

/** Cuts `text` to `maxWidth` at `size`, ending in '...' when something was cut. */
export function fitText(font: PDFFont, text: string, size: number, maxWidth: number): string {
  const clean = safeText(font, text);
  if (font.widthOfTextAtSize(clean, size) <= maxWidth) return clean;
  let lo = 0;
  let hi = clean.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (font.widthOfTextAtSize(clean.slice(0, mid) + '...', size) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return clean.slice(0, lo).trimEnd() + '...';
}

/** Greedy word wrap into at most `maxLines` lines; the last line is truncated if needed. */
export function wrapText(font: PDFFont, text: string, size: number, maxWidth: number, maxLines: number): string[] {
  const words = safeText(font, text).split(' ').filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (let i = 0; i < words.length; i++) {
    const candidate = current ? `${current} ${words[i]}` : words[i];
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth || !current) {
      current = candidate;
      continue;
    }
    if (lines.length === maxLines - 1) {
      lines.push(fitText(font, [current, ...words.slice(i)].join(' '), size, maxWidth));
      return lines;
    }
    lines.push(fitText(font, current, size, maxWidth));
    current = words[i];
  }
  if (current) lines.push(fitText(font, current, size, maxWidth));
  return lines;
}

export interface TextStyle {
  font: PDFFont;
  size: number;
  /** Truncate to this width (pt). */
  maxWidth?: number;
  align?: 'left' | 'right' | 'center';
}

/** Draws one line of real (extractable) text with its baseline at y; returns the text's width. */
export function drawLine(page: PDFPage, text: string, x: number, y: number, style: TextStyle): number {
  const shown = style.maxWidth === undefined ? safeText(style.font, text) : fitText(style.font, text, style.size, style.maxWidth);
  const width = style.font.widthOfTextAtSize(shown, style.size);
  let left = x;
  if (style.align === 'right') left = x - width;
  else if (style.align === 'center') left = x - width / 2;
  page.drawText(shown, { x: left, y, size: style.size, font: style.font, color: BLACK });
  return width;
}

export const BLACK = rgb(0, 0, 0);

/** Horizontal rule from x0 to x1 at y. */
export function drawRule(page: PDFPage, x0: number, x1: number, y: number, thickness = 0.75): void {
  page.drawLine({ start: { x: x0, y }, end: { x: x1, y }, thickness, color: BLACK });
}

/** One formatter for every amount: toLocaleString builds a new one per call (a tenth of a label's time). */
const RUPEES = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rupee amounts as 'Rs. 1,234.50': the standard fonts have no rupee sign. */
export function formatMoney(amount: number): string {
  return 'Rs. ' + RUPEES.format(amount);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The IST wall-clock parts of an ISO time (spec: IST is the marketplace's zone). */
function istParts(iso: string): Date | undefined {
  // A bare date is a calendar day, not an instant: print it as given.
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (bare) return new Date(Date.UTC(Number(bare[1]), Number(bare[2]) - 1, Number(bare[3])));
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : new Date(ms + IST_OFFSET_MINUTES * 60_000);
}

/** '21 Nov 2026' in IST; the input unchanged when it is not a date. */
export function formatIstDate(iso: string): string {
  const d = istParts(iso);
  if (!d) return iso;
  return `${String(d.getUTCDate()).padStart(2, '0')} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** '21 Nov 2026 14:05 IST'. */
export function formatIstDateTime(iso: string): string {
  const d = istParts(iso);
  if (!d) return iso;
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${formatIstDate(iso)} ${hh}:${mm} IST`;
}

/** Postal lines of an address, name first, blank parts dropped. */
export function addressLines(address: Address, options: { contact?: boolean } = {}): string[] {
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  const place = [address.city, address.stateName].filter(Boolean).join(', ');
  const lines = [name, address.addressLine1, address.addressLine2, [place, address.pincode].filter(Boolean).join(' - ')];
  if (options.contact && address.contactNumber) lines.push(`Phone: ${address.contactNumber}`);
  return lines.filter((line) => line.trim() !== '');
}
