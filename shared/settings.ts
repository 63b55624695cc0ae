// The station settings: one zod schema shared by the main process (which stores them) and the
// renderer (which edits them). Every field has a default, so an empty object is a valid start
// and a file written by an older version gains new fields on read. Messages are sentences a
// desk supervisor can act on.
import { z } from 'zod';

/** 'sandbox': the embedded marketplace; 'selfAccess' / 'thirdParty': spec § Application setup. */
export const MarketplaceMode = z.enum(['sandbox', 'selfAccess', 'thirdParty']);
export type MarketplaceMode = z.infer<typeof MarketplaceMode>;

/** A web address that must be HTTPS: the marketplace supports nothing else (spec, conventions). */
export function httpsUrl(what: string) {
  return z
    .string()
    .trim()
    .superRefine((text, ctx) => {
      let url: URL;
      try {
        url = new URL(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: `The ${what} "${text}" is not a web address; it should look like https://example.com.` });
        return;
      }
      if (url.protocol === 'http:') {
        ctx.addIssue({
          code: 'custom',
          message: `The ${what} must start with https://, not http://: the marketplace accepts secure connections only, and tokens must never travel unencrypted.`,
        });
      } else if (url.protocol !== 'https:') {
        ctx.addIssue({ code: 'custom', message: `The ${what} must be an https:// address.` });
      }
    });
}

export const MarketplaceConnection = z.object({
  mode: MarketplaceMode.default('sandbox'),
  /** Absent in sandbox mode until the embedded marketplace has started and given its address. */
  baseUrl: httpsUrl('marketplace address').optional(),
  /** Application ID, the OAuth client_id (spec § Authentication 3). The secret is in the SecretStore. */
  appId: z.string().trim().default(''),
  /** Third-party applications only; must be a registered HTTPS callback (spec § Application setup). */
  redirectUri: httpsUrl('redirect address').optional(),
});

/** Letters, digits and "-" ("/" separates the parts); numbers look like PREFIX/2026-27/000123. */
/**
 * GST invoice numbers have at most 16 characters (CGST Rule 46(b)). The series writes
 * PREFIX/2026-27/COUNTER: the year and slashes take 9, the counter at least 4, so the prefix at
 * most 3.
 */
export const MAX_INVOICE_NUMBER_LENGTH = 16;
export const MIN_INVOICE_COUNTER_DIGITS = 4;
const INVOICE_YEAR_PART_LENGTH = '/2026-27/'.length;
export const MAX_INVOICE_PREFIX_LENGTH = MAX_INVOICE_NUMBER_LENGTH - INVOICE_YEAR_PART_LENGTH - MIN_INVOICE_COUNTER_DIGITS;

export const InvoicePrefix = z
  .string()
  .trim()
  .min(1, 'Give an invoice prefix, for example PS.')
  .max(
    MAX_INVOICE_PREFIX_LENGTH,
    `The invoice prefix can have at most ${MAX_INVOICE_PREFIX_LENGTH} characters: an invoice number may have 16 (GST rules), and the financial year and the counter take the rest.`,
  )
  .regex(/^[A-Za-z0-9-]+$/, 'The invoice prefix may use letters, digits and "-" only.');

export const InvoiceSeriesSettings = z.object({
  prefix: InvoicePrefix.default('PS'),
  /** The marketplace numbers the invoices (spec § POST /v3/shipments/labels (pack), invoiceNumber "C"). */
  autoInvoicing: z.boolean().default(false),
});

/**
 * The warehouse database (PostgreSQL) shared by many desks. Empty: this desk works alone. The
 * address carries no password: the password is a secret, kept with the app secret.
 */
export const WarehouseUrl = z
  .string()
  .trim()
  .superRefine((text, ctx) => {
    if (text === '') return;
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: `The warehouse database address "${text.replace(/:[^:@/]*@/, ':[redacted]@')}" is not an address; it should look like postgres://station@db.example.com/warehouse.` });
      return;
    }
    if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
      ctx.addIssue({ code: 'custom', message: 'The warehouse database address must start with postgres://.' });
    } else if (url.password) {
      ctx.addIssue({ code: 'custom', message: 'Leave the password out of the warehouse database address and type it in the password field: it is kept with the other secrets, not in the settings file.' });
    } else if (!url.username) {
      ctx.addIssue({ code: 'custom', message: 'Put the database user in the warehouse address, for example postgres://station@db.example.com/warehouse.' });
    }
  });

export const WarehouseSettings = z.object({
  url: WarehouseUrl.default(''),
  /** 'auto': TLS checked against the certificate's name, off only for this machine. */
  sslMode: z.enum(['auto', 'verify-full', 'disable']).default('auto'),
  /** PEM file of a private CA that signed the database's certificate. */
  caFile: z.string().trim().default(''),
  /** The seller's GST registration (GSTIN) whose shared invoice series this desk uses. */
  registration: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || /^[0-9A-Z]{15}$/.test(v), 'A GSTIN has 15 letters and digits, for example 29ABCDE1234F1Z5.')
    .default(''),
});
export type WarehouseSettings = z.infer<typeof WarehouseSettings>;

/**
 * A desk alone receiving the marketplace's push notifications itself (Setup -> Live updates):
 * the HTTPS port and the PEM certificate and key it serves. The secret path token is a secret,
 * not a setting.
 */
export const PushReceiverSettings = z.object({
  enabled: z.boolean().default(false),
  port: z.number().int().min(1, 'A port goes from 1 to 65535.').max(65_535, 'A port goes from 1 to 65535.').default(9443),
  certFile: z.string().trim().default(''),
  keyFile: z.string().trim().default(''),
  /** The public https address the marketplace reaches (a router's forwarded port, a proxy); empty: this computer's. */
  publicUrl: z.string().trim().default(''),
});
export type PushReceiverSettings = z.infer<typeof PushReceiverSettings>;

/** When packed shipments are marked ready to dispatch: one by one, or together at the end of a wave. */
export const RtdPolicy = z.enum(['immediate', 'endOfWave']);

export const PrinterRole = z.enum(['label', 'invoice', 'packingSlip', 'manifest', 'report']);
export type PrinterRole = z.infer<typeof PrinterRole>;

/** Label stock in the label printer (the printing layer's media ids); A4 puts the label in its top region. */
export const LabelStock = z.enum(['label-4x6in', 'label-100x150mm', 'label-4x4in', 'label-a6', 'a4-label-region']);
export type LabelStock = z.infer<typeof LabelStock>;
/** What prints after a pack: the label only, the label and the invoice, or the marketplace's combined A4 page split between the two printers. */
export const InvoicePrinting = z.enum(['labelOnly', 'labelAndInvoice', 'combinedSplit']);
export type InvoicePrinting = z.infer<typeof InvoicePrinting>;

/** The resolutions a packing clip is recorded at (the camera is asked for it; the clip is drawn at it). */
export const VideoResolution = z.enum(['640x360', '1280x720', '1920x1080']);
export type VideoResolution = z.infer<typeof VideoResolution>;

export const VideoSettings = z.object({
  /** The camera's deviceId as the browser engine lists it; empty: no recording (the default). */
  cameraId: z.string().trim().max(200).default(''),
  /** The camera's name, shown when it is missing. */
  cameraLabel: z.string().trim().max(200).default(''),
  resolution: VideoResolution.default('1280x720'),
  /** VP8 costs the desk's CPU less; VP9 makes smaller files at the same picture. */
  codec: z.enum(['vp8', 'vp9']).default('vp8'),
  bitrateKbps: z.number().int().min(200, 'The video bitrate must be at least 200 kbit/s.').max(8000, 'The video bitrate can be at most 8000 kbit/s.').default(1500),
  /**
   * Seconds filmed before the scan that opens a shipment (the desk as it was just before): the
   * idle picture is kept only this long, so a clip starts with up to this much of it.
   */
  preRollSeconds: z.number().min(0).max(30, 'The start margin can be at most 30 seconds.').default(3),
  /** Seconds filmed after the shipment is packed or put aside (sealing the box). */
  endMarginSeconds: z.number().min(0).max(30, 'The end margin can be at most 30 seconds.').default(3),
  retentionDays: z.number().int().min(1, 'Keep clips for at least 1 day.').max(3650).default(90),
  retentionGb: z.number().min(0.1, 'Allow clips at least 0.1 GB.').max(100_000).default(50),
});

const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A shift start must be a time of day like 06:00.');

export const StationSettings = z.object({
  marketplace: MarketplaceConnection.prefault({}),
  /** The seller location this desk packs for (spec: locationId is an input across operations). */
  locationId: z.string().trim().default(''),
  desk: z
    .object({
      name: z.string().trim().min(1, 'Give the desk a name, for example "Desk 1".').max(40, 'A desk name can have at most 40 characters.').default('Desk 1'),
      operator: z.string().trim().max(60, 'An operator name can have at most 60 characters.').default(''),
    })
    .prefault({}),
  invoiceSeries: InvoiceSeriesSettings.prefault({}),
  /** Warehouse mode: on when an address is set (the desk name is desk.name). */
  warehouse: WarehouseSettings.prefault({}),
  pushReceiver: PushReceiverSettings.prefault({}),
  rtdPolicy: RtdPolicy.default('immediate'),
  sounds: z
    .object({
      enabled: z.boolean().default(true),
      volume: z.number().min(0, 'Volume goes from 0 to 1.').max(1, 'Volume goes from 0 to 1.').default(0.8),
      /** A spoken word in the desk's language after the sound, for the commonest errors. */
      spoken: z.boolean().default(false),
    })
    .prefault({}),
  scan: z
    .object({
      /**
       * A scanner's double read: the same code again within this time is one scan, and the desk
       * says it ignored the second. Short on purpose: a packer scanning two identical units
       * half a second apart means two units.
       */
      debounceMs: z.number().int().min(0).max(2_000, 'The double-read window can be at most 2000 ms (2 seconds); a packer scans two units faster than that.').default(150),
      /** At the Pack screen, a number typed in the scan field (12, then Enter) counts units of the product just scanned. */
      typedCounts: z.boolean().default(false),
      /** Keyboard-wedge scanners type fast: keys closer than this belong to one scan. */
      wedgeMaxInterKeyMs: z.number().int().min(1).max(500).default(35),
      wedgeMinLength: z.number().int().min(1).max(64).default(4),
      wedgeTerminator: z.enum(['Enter', 'Tab', 'none']).default('Enter'),
    })
    .prefault({}),
  /**
   * Scanner, scale and dimensioner profiles. Kept opaque here; the device layer
   * (electron/station/devices) validates each profile with its own schema.
   */
  deviceProfiles: z.array(z.record(z.string(), z.unknown())).default([]),
  /** Printer name (as the system lists it) for each role. */
  printers: z.partialRecord(PrinterRole, z.string().trim().min(1)).default({}),
  printing: z
    .object({
      labelStock: LabelStock.default('label-4x6in'),
      invoices: InvoicePrinting.default('labelAndInvoice'),
    })
    .prefault({}),
  /** The year of the 22 September switch of the transitional tax codes (spec § Tax codes). */
  taxTransitionYear: z.number().int().min(2017, 'GST began in 2017.').max(2100).default(2025),
  /** Shift start times in IST, for the per-shift counts of the audit trail. */
  shiftStarts: z
    .array(TimeOfDay)
    .min(1, 'Give at least one shift start time.')
    .refine((starts) => new Set(starts).size === starts.length, 'Two shifts cannot start at the same time.')
    .default(['06:00', '14:00', '22:00']),
  compactMode: z.boolean().default(false),
  /**
   * The desk's language: the name of a catalogue file in shared/i18n/locales (en, hi …) or the
   * pseudo-locale. A signed-in operator's own language wins over it.
   */
  language: z
    .string()
    .trim()
    .regex(/^([a-z]{2,3}(-[A-Z]{2})?|pseudo)$/, 'A language is a catalogue name such as en or hi.')
    .default('en'),
  operators: z
    .object({
      /** Minutes without a scan or a key press after which the signed-in operator is signed out; 0: never. */
      idleMinutes: z.number().int().min(0).max(720, 'The idle sign-out can be at most 720 minutes (12 hours).').default(15),
      /**
       * Who is signed in (their id, never a PIN), and when they were last active: a restart
       * signs them back in unless the idle minutes ran out meanwhile.
       */
      signedIn: z.object({ id: z.string().min(1), activeAt: z.iso.datetime() }).optional(),
    })
    .prefault({}),
  /** Packing video: one clip per shipment, from opening to packed or put aside. */
  video: VideoSettings.prefault({}),
});
export type StationSettings = z.infer<typeof StationSettings>;

/** A change: any subset, nested objects merged, arrays and scalars replaced. */
export type SettingsPatch = {
  [K in keyof StationSettings]?: StationSettings[K] extends unknown[] ? StationSettings[K] : StationSettings[K] extends object ? Partial<StationSettings[K]> : StationSettings[K];
};

export function defaultSettings(): StationSettings {
  return StationSettings.parse({});
}

/** The problems of a refused settings value, one sentence each, with where it is. */
export function describeSettingsProblems(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return `${where}${issue.message}`;
  });
}
