// The small toolkit the listing rules are written in: read one attribute of a parsed JSON
// object, check its type with zod, and record an attribute error with the attribute's name as
// the request table spells it and its exact JSON path (spec § Listing operations:
// "attribute_errors[] items: severity, code, description, attribute, path"). Pure: the station's
// listing form runs the same code to put each message under the right field.
import { z } from 'zod';
import { LISTING_CODES } from './listing-codes.js';
import type { AttributeError, Severity } from './listings.js';

export type JsonObject = Record<string, unknown>;

/** A JSON object (not an array, not null): what every listing body and sub-object must be. */
export const JsonObjectSchema = z.custom<JsonObject>((v) => typeof v === 'object' && v !== null && !Array.isArray(v));

const Int = z.number().int();
const Finite = z.number().finite();

/** Where an attribute sits: its table name (`packages[].name`) and its JSON path (`$.packages[0].name`). */
export interface At {
  attribute: string;
  path: string;
}

export const ROOT: At = { attribute: '', path: '$' };

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function child(at: At, key: string): At {
  const attribute = at.attribute ? `${at.attribute}.${key}` : key;
  const path = IDENT.test(key) ? `${at.path}.${key}` : `${at.path}[${JSON.stringify(key)}]`;
  return { attribute, path };
}

export function item(at: At, index: number): At {
  return { attribute: `${at.attribute}[]`, path: `${at.path}[${index}]` };
}

/** The path as a reader sees it in a sentence: `price.mrp`, `packages[0].name`. */
export function shown(at: At): string {
  return at.path === '$' ? 'the listing' : at.path.slice(2);
}

/** Collects the attribute errors of one SKU. */
export class Issues {
  readonly list: AttributeError[] = [];

  add(code: number, at: At, description: string, severity: Severity = 'ERROR'): void {
    this.list.push({ severity, code, description, attribute: at.attribute || '$', path: at.path });
  }

  get hasErrors(): boolean {
    return this.list.some((i) => i.severity === 'ERROR');
  }

  required(at: At, why = ''): void {
    this.add(LISTING_CODES.REQUIRED, at, `${shown(at)} is mandatory${why}.`);
  }

  wrongType(at: At, expected: string): void {
    this.add(LISTING_CODES.WRONG_TYPE, at, `${shown(at)} must be ${expected}.`);
  }
}

/** Absent and null are the same to the rules: the attribute was not given. */
function given(v: unknown): boolean {
  return v !== undefined && v !== null;
}

/**
 * The steps every reader shares: an attribute not given is reported when mandatory; one of the
 * wrong type is reported in words ("must be a list"). The readers below add their own checks.
 */
function readTyped<T>(issues: Issues, parent: JsonObject, key: string, at: At, required: boolean, is: (v: unknown) => boolean, expected: string): T | undefined {
  const v = parent[key];
  if (!given(v)) {
    if (required) issues.required(at);
    return undefined;
  }
  if (!is(v)) {
    issues.wrongType(at, expected);
    return undefined;
  }
  return v as T;
}

export function readObject(issues: Issues, parent: JsonObject, key: string, at: At, required: boolean): JsonObject | undefined {
  return readTyped<JsonObject>(issues, parent, key, at, required, (v) => JsonObjectSchema.safeParse(v).success, 'an object');
}

export function readArray(issues: Issues, parent: JsonObject, key: string, at: At, required: boolean): unknown[] | undefined {
  const v = readTyped<unknown[]>(issues, parent, key, at, required, Array.isArray, 'a list');
  if (v && required && v.length === 0) issues.add(LISTING_CODES.EMPTY, at, `${shown(at)} must not be empty.`);
  return v;
}

/** A string; a mandatory one must not be blank. */
export function readString(issues: Issues, parent: JsonObject, key: string, at: At, required: boolean): string | undefined {
  const v = readTyped<string>(issues, parent, key, at, required, (x) => typeof x === 'string', 'a string');
  if (v !== undefined && required && v.trim() === '') {
    issues.add(LISTING_CODES.EMPTY, at, `${shown(at)} must not be blank.`);
    return undefined;
  }
  return v;
}

export function readBoolean(issues: Issues, parent: JsonObject, key: string, at: At, required: boolean): boolean | undefined {
  return readTyped<boolean>(issues, parent, key, at, required, (x) => typeof x === 'boolean', 'true or false');
}

export type Sign = 'any' | 'non-negative' | 'positive';

function checkSign(issues: Issues, at: At, n: number, sign: Sign): boolean {
  if (sign === 'non-negative' && n < 0) {
    issues.add(LISTING_CODES.NEGATIVE, at, `${shown(at)} must not be negative (it is ${n}).`);
    return false;
  }
  if (sign === 'positive' && n <= 0) {
    issues.add(LISTING_CODES.NOT_POSITIVE, at, `${shown(at)} must be greater than zero (it is ${n}).`);
    return false;
  }
  return true;
}

/** A whole number (the table's Integer); strings of digits are refused, not coerced. */
export function readInt(issues: Issues, parent: JsonObject, key: string, at: At, required: boolean, sign: Sign): number | undefined {
  const v = readTyped<number>(issues, parent, key, at, required, (x) => Finite.safeParse(x).success, 'a number');
  if (v === undefined) return undefined;
  if (!Int.safeParse(v).success) {
    issues.add(LISTING_CODES.NOT_INTEGER, at, `${shown(at)} must be a whole number (it is ${String(v)}).`);
    return undefined;
  }
  return checkSign(issues, at, v, sign) ? v : undefined;
}

/** A decimal number (the table's Decimal). */
export function readDecimal(issues: Issues, parent: JsonObject, key: string, at: At, required: boolean, sign: Sign): number | undefined {
  const v = readTyped<number>(issues, parent, key, at, required, (x) => Finite.safeParse(x).success, 'a number');
  return v !== undefined && checkSign(issues, at, v, sign) ? v : undefined;
}

export function readEnum<T extends string>(issues: Issues, parent: JsonObject, key: string, at: At, required: boolean, values: readonly T[]): T | undefined {
  const v = readString(issues, parent, key, at, required);
  if (v === undefined) return undefined;
  if (!(values as readonly string[]).includes(v)) {
    issues.add(LISTING_CODES.NOT_IN_ENUM, at, `${shown(at)} is ${JSON.stringify(v)}; it must be one of ${values.join(', ')}.`);
    return undefined;
  }
  return v as T;
}

/**
 * Warns about attributes the request does not have. They are ignored, but a typo such as
 * `sellingPrice` (the spelling of the spec's field table) would otherwise pass unnoticed
 * while the real attribute is reported missing without a hint.
 */
export function warnUnknown(issues: Issues, obj: JsonObject, at: At, known: readonly string[], hints: Record<string, string> = {}): void {
  for (const key of Object.keys(obj)) {
    if (known.includes(key)) continue;
    const where = child(at, key);
    const hint = hints[key] ? ` ${hints[key]}` : '';
    issues.add(LISTING_CODES.UNKNOWN_ATTRIBUTE, where, `${shown(where)} is not an attribute of this request and was ignored.${hint}`, 'WARNING');
  }
}
