// A device profile: everything needed to talk to one scanner, scale or dimensioner. Settings
// store these and the UI edits them, so the schema is the boundary: parse before use.
import { z } from 'zod';

export const SCALE_PROTOCOLS = ['sics', 'continuous', 'nci', 'cas', 'toledo-8217', 'regex'] as const;
export const DIMENSIONER_PROTOCOLS = ['cubiscan', 'regex'] as const;
export type ScaleProtocol = (typeof SCALE_PROTOCOLS)[number];
export type DimensionerProtocol = (typeof DIMENSIONER_PROTOCOLS)[number];

/** Terminators by name (what a settings form offers) or as the literal characters. */
export const TERMINATOR_NAMES = { crlf: '\r\n', cr: '\r', lf: '\n', etx: '\u0003', tab: '\t' } as const;
export type TerminatorName = keyof typeof TERMINATOR_NAMES;

export const WEIGHT_UNITS = ['g', 'kg', 'lb', 'oz'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

const terminatorSchema = z.union([z.enum(Object.keys(TERMINATOR_NAMES) as [TerminatorName, ...TerminatorName[]]), z.string().min(1).max(4)]);

const regexSource = z.string().refine(
  (s) => {
    try {
      new RegExp(s);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'Not a valid regular expression' },
);

const base = {
  id: z.string().min(1),
  name: z.string().min(1),
  path: z.string().min(1),
  baudRate: z.number().int().positive().default(9600),
  /** Unset: the protocol's usual framing (7E1 for NCI and Toledo, 8N1 otherwise). */
  dataBits: z.union([z.literal(7), z.literal(8)]).optional(),
  parity: z.enum(['none', 'even', 'odd']).optional(),
  stopBits: z.union([z.literal(1), z.literal(2)]).default(1),
  terminator: terminatorSchema.optional(),
  stripPrefix: z.string().default(''),
  stripSuffix: z.string().default(''),
  /** For the regex protocol: named groups weight/unit/stable (scales), length/width/height/weight (dimensioners). */
  regex: regexSource.optional(),
  pollIntervalMs: z.number().int().min(50).max(10_000).default(250),
  /** A scanner's double read: the same code again within this window counts once (and is reported). */
  debounceMs: z.number().int().min(0).max(60_000).default(150),
  /** Equal consecutive readings that make a weight stable where the protocol has no stability flag. */
  stableReadings: z.number().int().min(1).max(50).default(3),
  /** Unit of protocols that do not send one (Toledo 8217, regex without a unit group). */
  unit: z.enum(WEIGHT_UNITS).optional(),
};

export const scannerProfileSchema = z.object({ ...base, role: z.literal('scanner'), protocol: z.literal('line').default('line') });
export const scaleProfileSchema = z
  .object({ ...base, role: z.literal('scale'), protocol: z.enum(SCALE_PROTOCOLS) })
  .refine((p) => p.protocol !== 'regex' || p.regex !== undefined, { message: 'The regex protocol needs a regex', path: ['regex'] });
export const dimensionerProfileSchema = z
  .object({ ...base, role: z.literal('dimensioner'), protocol: z.enum(DIMENSIONER_PROTOCOLS) })
  .refine((p) => p.protocol !== 'regex' || p.regex !== undefined, { message: 'The regex protocol needs a regex', path: ['regex'] });

export const deviceProfileSchema = z.union([scannerProfileSchema, scaleProfileSchema, dimensionerProfileSchema]);

export type ScannerProfile = z.infer<typeof scannerProfileSchema>;
export type ScaleProfile = z.infer<typeof scaleProfileSchema>;
export type DimensionerProfile = z.infer<typeof dimensionerProfileSchema>;
export type DeviceProfile = z.infer<typeof deviceProfileSchema>;
/** What callers may pass before defaults are filled in. */
export type DeviceProfileInput = z.input<typeof deviceProfileSchema>;

/** The line settings each protocol's devices ship with, used when a profile does not say. */
export const PROTOCOL_LINE_DEFAULTS: Record<string, { dataBits: 7 | 8; parity: 'none' | 'even' | 'odd'; terminator: string }> = {
  line: { dataBits: 8, parity: 'none', terminator: '\r\n' },
  sics: { dataBits: 8, parity: 'none', terminator: '\r\n' },
  continuous: { dataBits: 8, parity: 'none', terminator: '\r\n' },
  // NCI scales talk 7E1 and end each answer with ETX (SCP-01).
  nci: { dataBits: 7, parity: 'even', terminator: '\u0003' },
  cas: { dataBits: 8, parity: 'none', terminator: '\u0004' },
  'toledo-8217': { dataBits: 7, parity: 'even', terminator: '\r' },
  cubiscan: { dataBits: 8, parity: 'none', terminator: '\r\n' },
  regex: { dataBits: 8, parity: 'none', terminator: '\r\n' },
};

/** The terminator as characters: named ones resolved; a scanner's CR-or-LF default is CRLF. */
export function terminatorText(profile: Pick<DeviceProfile, 'terminator' | 'protocol'>): string {
  const t = profile.terminator;
  if (t === undefined) return PROTOCOL_LINE_DEFAULTS[profile.protocol]?.terminator ?? '\r\n';
  return (TERMINATOR_NAMES as Record<string, string>)[t] ?? t;
}

export interface LineSettings {
  path: string;
  baudRate: number;
  dataBits: 7 | 8;
  parity: 'none' | 'even' | 'odd';
  stopBits: 1 | 2;
}

export function lineSettings(profile: DeviceProfile): LineSettings {
  const d = PROTOCOL_LINE_DEFAULTS[profile.protocol] ?? PROTOCOL_LINE_DEFAULTS.line;
  return {
    path: profile.path,
    baudRate: profile.baudRate,
    dataBits: profile.dataBits ?? d.dataBits,
    parity: profile.parity ?? d.parity,
    stopBits: profile.stopBits,
  };
}

export function parseDeviceProfile(input: unknown): DeviceProfile {
  return deviceProfileSchema.parse(input);
}
