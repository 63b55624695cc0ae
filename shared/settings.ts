// The station settings: one zod schema shared by the main process (which stores them) and the
// renderer (which edits them). Every field has a default, so an empty object is a valid start
// and a file written by an older version gains new fields on read. Messages are sentences a
// desk supervisor can act on.
import { z } from 'zod';
import type { KeyedSentence } from './contract/define.js';
import { keyed } from './i18n/station-sentences.js';
import { schemaIssue, schemaMessage } from './settings-messages.js';

/** 'sandbox': the embedded marketplace; 'selfAccess' / 'thirdParty': spec § Application setup. */
export const MarketplaceMode = z.enum(['sandbox', 'selfAccess', 'thirdParty']);
export type MarketplaceMode = z.infer<typeof MarketplaceMode>;

/** A web address that must be HTTPS: the marketplace supports nothing else (spec, conventions). */
export function httpsUrl(what: KeyedSentence) {
  return z
    .string()
    .trim()
    .superRefine((text, ctx) => {
      let url: URL;
      try {
        url = new URL(text);
      } catch {
        ctx.addIssue(schemaIssue(keyed('settings.problem.notWebAddress', { text }, { what })));
        return;
      }
      if (url.protocol === 'http:') {
        ctx.addIssue(schemaIssue(keyed('settings.problem.httpNotHttps', undefined, { what })));
      } else if (url.protocol !== 'https:') {
        ctx.addIssue(schemaIssue(keyed('settings.problem.notHttps', undefined, { what })));
      }
    });
}

export const MarketplaceConnection = z.object({
  mode: MarketplaceMode.default('sandbox'),
  /** Absent in sandbox mode until the embedded marketplace has started and given its address. */
  baseUrl: httpsUrl(keyed('settings.problem.marketplaceAddress')).optional(),
  /** Application ID, the OAuth client_id (spec § Authentication 3). The secret is in the SecretStore. */
  appId: z.string().trim().default(''),
  /** Third-party applications only; must be a registered HTTPS callback (spec § Application setup). */
  redirectUri: httpsUrl(keyed('settings.problem.redirectAddress')).optional(),
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
  .min(1, schemaMessage(keyed('settings.problem.prefixEmpty')))
  .max(MAX_INVOICE_PREFIX_LENGTH, schemaMessage(keyed('settings.problem.prefixLong', { max: MAX_INVOICE_PREFIX_LENGTH, total: MAX_INVOICE_NUMBER_LENGTH })))
  .regex(/^[A-Za-z0-9-]+$/, schemaMessage(keyed('settings.problem.prefixCharacters')));

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
      ctx.addIssue(schemaIssue(keyed('settings.problem.warehouseNotAddress', { text: text.replace(/:[^:@/]*@/, ':[redacted]@') })));
      return;
    }
    if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
      ctx.addIssue(schemaIssue(keyed('settings.problem.warehouseNotPostgres')));
    } else if (url.password) {
      ctx.addIssue(schemaIssue(keyed('settings.problem.warehousePassword')));
    } else if (!url.username) {
      ctx.addIssue(schemaIssue(keyed('settings.problem.warehouseUser')));
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
    .refine((v) => v === '' || /^[0-9A-Z]{15}$/.test(v), schemaMessage(keyed('settings.problem.gstin')))
    .default(''),
});
export type WarehouseSettings = z.infer<typeof WarehouseSettings>;

/**
 * A desk alone receiving the marketplace's push notifications itself (Setup -> Live updates):
 * the HTTPS port and the PEM certificate and key it serves. The secret path token is a secret,
 * not a setting.
 */
/** The receiver's bind address: every network address of the computer, or only its own (127.0.0.1). */
export const ReceiverHost = z.enum(['0.0.0.0', '127.0.0.1']);
export type ReceiverHost = z.infer<typeof ReceiverHost>;

export const PushReceiverSettings = z.object({
  enabled: z.boolean().default(false),
  port: z.number().int().min(1, schemaMessage(keyed('settings.problem.port'))).max(65_535, schemaMessage(keyed('settings.problem.port'))).default(9443),
  /** Where it listens, as the lead chose in Setup: every address (a router forwards to this computer) or this computer only (a proxy on it). */
  host: ReceiverHost.default('0.0.0.0'),
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
  bitrateKbps: z.number().int().min(200, schemaMessage(keyed('settings.problem.bitrateLow', { min: 200 }))).max(8000, schemaMessage(keyed('settings.problem.bitrateHigh', { max: 8000 }))).default(1500),
  /**
   * Seconds filmed before the scan that opens a shipment (the desk as it was just before): the
   * idle picture is kept only this long, so a clip starts with up to this much of it.
   */
  preRollSeconds: z.number().min(0).max(30, schemaMessage(keyed('settings.problem.startMargin', { max: 30 }))).default(3),
  /** Seconds filmed after the shipment is packed or put aside (sealing the box). */
  endMarginSeconds: z.number().min(0).max(30, schemaMessage(keyed('settings.problem.endMargin', { max: 30 }))).default(3),
  retentionDays: z.number().int().min(1, schemaMessage(keyed('settings.problem.retentionDays', { min: 1 }))).max(3650).default(90),
  retentionGb: z.number().min(0.1, schemaMessage(keyed('settings.problem.retentionGb', { min: 0.1 }))).max(100_000).default(50),
});

const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, schemaMessage(keyed('settings.problem.shiftTime')));

export const StationSettings = z.object({
  marketplace: MarketplaceConnection.prefault({}),
  /** The seller location this desk packs for (spec: locationId is an input across operations). */
  locationId: z.string().trim().default(''),
  desk: z
    .object({
      name: z.string().trim().min(1, schemaMessage(keyed('settings.problem.deskEmpty'))).max(40, schemaMessage(keyed('settings.problem.deskLong', { max: 40 }))).default('Desk 1'),
      operator: z.string().trim().max(60, schemaMessage(keyed('settings.problem.operatorLong', { max: 60 }))).default(''),
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
      volume: z.number().min(0, schemaMessage(keyed('settings.problem.volume'))).max(1, schemaMessage(keyed('settings.problem.volume'))).default(0.8),
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
      debounceMs: z.number().int().min(0).max(2_000, schemaMessage(keyed('settings.problem.debounce', { max: 2000 }))).default(150),
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
  taxTransitionYear: z.number().int().min(2017, schemaMessage(keyed('settings.problem.taxYear', { min: 2017 }))).max(2100).default(2025),
  /** Shift start times in IST, for the per-shift counts of the audit trail. */
  shiftStarts: z
    .array(TimeOfDay)
    .min(1, schemaMessage(keyed('settings.problem.shiftNone')))
    .refine((starts) => new Set(starts).size === starts.length, schemaMessage(keyed('settings.problem.shiftTwice')))
    .default(['06:00', '14:00', '22:00']),
  compactMode: z.boolean().default(false),
  /**
   * The desk's language: the name of a catalogue file in shared/i18n/locales (en, hi …) or the
   * pseudo-locale. A signed-in operator's own language wins over it.
   */
  language: z
    .string()
    .trim()
    .regex(/^([a-z]{2,3}(-[A-Z]{2})?|pseudo)$/, schemaMessage(keyed('settings.problem.language')))
    .default('en'),
  operators: z
    .object({
      /** Minutes without a scan or a key press after which the signed-in operator is signed out; 0: never. */
      idleMinutes: z.number().int().min(0).max(720, schemaMessage(keyed('settings.problem.idle', { max: 720 }))).default(15),
      /**
       * A scanned badge alone signs its operator in (the packers' quick way); off, the desk asks
       * for the name and PIN as well, so a copied badge is not enough.
       */
      badgeAlone: z.boolean().default(true),
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
