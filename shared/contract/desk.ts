// Commands and events of the pack desk: scan -> verify -> pack -> print -> dispatch, waves, and
// handover (issue "packing desk app", screens 3-5). The desk's state is computed in the main
// process (electron/station/packing/pack-desk.ts); the renderer shows it and sends scans.
import { z } from 'zod';
import { UnknownBarcodeView } from './barcodes.js';
import { command, event, KeyedSentence, NoArgs } from './define.js';

/**
 * Words of the desk: `text` in English (logs, the command line), and the same words as catalogue
 * keys said one after another, for a desk in another language (renderer/src/app/desk-words.ts).
 */
const Sentences = z.array(KeyedSentence).max(8);

export const Feedback = z.object({
  tone: z.enum(['ok', 'error', 'info']),
  text: z.string(),
  sound: z.enum(['success', 'failure', 'none']),
  sentences: Sentences.optional(),
});
export type Feedback = z.infer<typeof Feedback>;

export const UnitLineView = z.object({
  orderItemId: z.string(),
  orderId: z.string(),
  sku: z.string(),
  fsn: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  verified: z.number().int(),
  serialized: z.boolean(),
  /** The serials of this line are IMEIs (checked as such when scanned). */
  imei: z.boolean().optional(),
  serials: z.array(z.array(z.string())),
});

export const ParcelView = z.object({
  subShipmentId: z.string(),
  title: z.string(),
  dimensions: z.object({ length: z.number(), breadth: z.number(), height: z.number() }).optional(),
  weightKg: z.number().optional(),
  source: z.enum(['device', 'typed', 'listing']).optional(),
  weightSource: z.enum(['device', 'typed', 'listing']).optional(),
  dimensionsSource: z.enum(['device', 'typed', 'listing']).optional(),
});

export const SessionView = z.object({
  sessionId: z.string(),
  shipmentId: z.string(),
  locationId: z.string(),
  phase: z.enum(['verifying', 'serial', 'measuring', 'ready']),
  lines: z.array(UnitLineView),
  parcels: z.array(ParcelView),
  serialFor: z.string().optional(),
  /** What "Undo last scan" would take back now, in words ("1 unit of Mug"); absent when nothing. */
  undo: z.string().optional(),
  /** The same as a catalogue key, for a desk in another language. */
  undoSentence: KeyedSentence.optional(),
  feedback: Feedback,
});
export type SessionView = z.infer<typeof SessionView>;

export const LabelJobView = z.object({
  shipmentId: z.string(),
  status: z.enum(['packing', 'waitingLabel', 'waitingPrinter', 'printed', 'dispatched', 'failed', 'held']),
  text: z.string(),
  sentences: Sentences.optional(),
});

export const DeskView = z.object({
  session: SessionView.optional(),
  feedback: Feedback,
  jobs: z.array(LabelJobView),
  awaitingDispatch: z.array(z.string()),
  unknownBarcode: UnknownBarcodeView.optional(),
  /** A packed shipment whose label was scanned: its label can be printed again (Alt+R). */
  reprint: z.string().optional(),
});
export type DeskView = z.infer<typeof DeskView>;

export const ScanSource = z.enum(['serial', 'wedge', 'typed']);
export const ScanArgs = z.object({ raw: z.string().max(512), source: ScanSource });

const Positive = z.number().positive().finite();
export const MeasureArgs = z.object({
  subShipmentId: z.string().optional(),
  dimensions: z.object({ length: Positive, breadth: Positive, height: Positive }).optional(),
  weightKg: Positive.optional(),
  source: z.enum(['device', 'typed']),
});

export const WavePreviewArgs = z.object({ sku: z.string().min(1).optional() });
/** The packer confirmed this preview: the wave packs only these shipments (put-aside ones picked in). */
export const WaveArgs = z.object({ sku: z.string().min(1).optional(), dispatch: z.boolean(), shipmentIds: z.array(z.string().min(1)) });
/** Why a shipment is left out: English, and the same words as keys for the desk's language. */
export const SkippedView = z.object({ shipmentId: z.string(), reason: z.string(), sentences: Sentences.optional() });
export const PlannedShipmentView = z.object({ shipmentId: z.string(), contents: z.string(), units: z.number().int(), dispatchByDate: z.string() });
export const WavePlanView = z.object({
  locationId: z.string(),
  sku: z.string().optional(),
  pack: z.array(PlannedShipmentView),
  skipped: z.array(SkippedView),
  putAside: z.array(PlannedShipmentView),
  capped: z.boolean(),
});
export type WavePlanView = z.infer<typeof WavePlanView>;
export const PackedWaitingView = z.object({ ready: z.array(z.string()), notReady: z.array(SkippedView) });
export const WaveSummaryView = z.object({
  packed: z.number().int(),
  skipped: z.array(SkippedView),
  failed: z.array(z.object({ shipmentId: z.string(), code: z.string(), message: z.string(), sentences: Sentences.optional() })),
  labelsPages: z.number().int(),
  dispatched: z.number().int(),
  requests: z.number().int(),
  elapsedMs: z.number(),
  capped: z.boolean(),
});
export const WaveProgressView = z.object({ step: z.string(), done: z.number().optional(), total: z.number().optional(), text: z.string(), sentences: Sentences.optional() });

export const ShipmentResultView = z.object({ shipmentId: z.string(), ok: z.boolean(), text: z.string(), sentences: Sentences.optional() });
/** One courier group: shipments waiting, of which several-package ones, the pickup window and the courier's code. */
export const HandoverCountView = z.object({
  vendorGroupCode: z.string(),
  count: z.number().int(),
  mpsCount: z.number().int(),
  pickupFrom: z.string(),
  pickupTo: z.string(),
  /** The one-time code the courier asks for at handover, where the marketplace gives one. */
  otc: z.string().optional(),
  /** Why the marketplace gave no code (its own words or code). */
  otcProblem: z.string().optional(),
});

/** What the manifest lists: the parcels the scan-out check ticks off as they go onto the truck. */
export const LoadingListView = z.object({
  parcels: z.array(z.object({ shipmentId: z.string(), trackingId: z.string().optional(), what: z.string(), packages: z.number().int() })),
  capped: z.boolean(),
});

export const deskCommands = {
  'desk.view': command(NoArgs, DeskView, 'The pack desk as it is now.'),
  'desk.scan': command(ScanArgs, DeskView, 'A scan from any scanner or the scan field; opens a shipment or verifies a unit or serial.'),
  'desk.measure': command(MeasureArgs, DeskView, 'Dimensions and/or weight for a sub-shipment, from a device or typed.'),
  'desk.undo': command(NoArgs, DeskView, 'Undo last scan: take back the last unit, typed count or serial of the open shipment.'),
  'desk.removeSerial': command(z.object({ serial: z.string().min(1).max(128) }), DeskView, 'Remove one recorded serial, to scan the right one in its place.'),
  'desk.pack': command(NoArgs, DeskView, 'Pack the open shipment (Enter).'),
  'desk.putAside': command(NoArgs, DeskView, 'Close the open shipment without packing it (Esc).'),
  'desk.dispatchWave': command(NoArgs, z.array(ShipmentResultView), 'Ready to dispatch for everything packed and not yet ready to dispatch at this location (journal and marketplace).'),
  'desk.packedWaiting': command(NoArgs, PackedWaitingView, 'What "Dispatch packed" would mark ready to dispatch now, and what still waits for its label.'),
  'wave.preview': command(WavePreviewArgs, WavePlanView, 'What a wave would pack and what it would leave out, and why; changes nothing.'),
  'wave.run': command(WaveArgs, WaveSummaryView, 'Pack the confirmed shipments of a wave preview in bulk.'),
  'dispatch.scan': command(ScanArgs, ShipmentResultView, 'Mark the scanned shipment ready to dispatch.'),
  'dispatch.cancelPreview': command(z.object({ shipmentId: z.string() }), z.object({ text: z.string(), sentences: Sentences.optional(), cancellable: z.boolean() }), 'What cancelling does (seller cancellations take the product out of stock), or why it cannot be cancelled.'),
  'dispatch.cancel': command(z.object({ shipmentId: z.string(), reason: z.string().min(3).max(200) }), ShipmentResultView, 'Cancel an approved shipment with a reason.'),
  'handover.counts': command(NoArgs, z.array(HandoverCountView), 'Shipments waiting for handover per vendor group.'),
  'handover.loadingList': command(NoArgs, LoadingListView, 'The parcels waiting for handover at this location, for the scan-out check.'),
  'handover.printManifest': command(z.object({ vendorGroupCode: z.string() }), z.object({ jobId: z.string() }), 'Print the handover manifest on the document printer.'),
} as const;

export const deskEvents = {
  'desk.changed': event(DeskView, 'The desk changed (scan, pack, label progress).'),
  'wave.progress': event(WaveProgressView, 'Progress of a running wave.'),
} as const;
