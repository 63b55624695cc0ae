// The pack desk: the PackSession state machine with its I/O around it. Every scan and
// measurement of an open session is journaled before it is applied, so a crash loses nothing
// and a restart restores the session (issue "journal": "Open sessions are restored with their
// scans"). After the pack call the packer may move on: the label prints when it is ready.
import { classifyScan, type ClassifiedScan } from '../../../shared/barcodes.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import type { MarketplaceClient } from '../api/client.js';
import type { Journal } from '../journal/journal.js';
import type { CallIdentity } from '../journal/journaled-call.js';
import type { Clock } from './ist-dates.js';
import type { DeskClaims, DeskInvoices } from './desk-claims.js';
import { resolveProductScan, unknownBarcodeWithoutShipment, type BarcodeLookup, type UnknownBarcode } from '../catalogue/scan-resolver.js';
import { replayStep, STEP_KINDS, type ReplayContext } from './session-replay.js';
import type { DeskView, LabelJob } from './desk-view.js';
import { applyCount, applyMeasurement, applyScan, openSession, removeSerial, undoLast, undoPreviewSentence, type Feedback, type Measurement, type PackSessionState } from './pack-session.js';
import type { ProductFactsCache } from './product-facts.js';
import { checkActionable } from './shipment-checks.js';
import { identifyShipment } from './identify.js';
import { printedLabels } from '../journal/desk-history.js';
import { findPutAside, resumeAside, stepsToRestore } from './put-aside-resume.js';
import { refusalOf } from '../journal/records.js';
import { unitProgressWords } from './session-progress.js';
import { englishSentence, saying, sentence } from '../../../shared/i18n/station-sentences.js';
import { cheered, keepRefusal, refused, told } from './desk-feedback.js';
import { claimShipment } from './claim-shipment.js';
import { prefillParcels } from './parcel-prefill.js';
import { submitPack, type LabelPrinter, type PackOutcome } from './pack-submit.js';
import { isPacked, packedHistory, packedWords } from './packed-label.js';
import { refusedSerial } from './pack-error-messages.js';
import { followLabel } from './label-follow.js';
import { confirmWeight, measuredKey, warningConfirmed, WEIGHT_WARNING_CODE } from './weight-warning.js';
import type { PushStops } from '../push/push-stops.js';

export interface DeskDeps {
  client: MarketplaceClient;
  journal: Journal;
  facts: ProductFactsCache;
  invoices: DeskInvoices;
  /** Warehouse mode: claims, serials and packs shared with the other desks (desk-claims.ts). */
  claims?: DeskClaims;
  clock: Clock;
  who: CallIdentity;
  locationId: string;
  printer: LabelPrinter;
  /** 'immediate': ready to dispatch as soon as the label is printed; 'endOfWave': on dispatchWave(). */
  rtdPolicy: 'immediate' | 'endOfWave';
  newSessionId: () => string;
  transitionYear?: number;
  sleep?: (ms: number) => Promise<void>;
  /** The barcode catalogue: product barcodes (EAN, UPC, GTIN, Code 128) to SKUs. */
  barcodes?: BarcodeLookup;
  /** Told whenever the desk changes, for the UI. */
  onChange?: (view: DeskView) => void;
  /** True when a number typed in the scan field counts units (settings.scan.typedCounts). */
  typedCounts?: () => boolean;
  /** Holds and cancellations pushed by the marketplace (push/push-stops.ts): said at once, Enter refused. */
  stops?: Pick<PushStops, 'reason' | 'onChange' | 'forget'>;
}

export type ScanSource = 'serial' | 'wedge' | 'typed';

/** A typed count: "12", or with a quantity key in front ("*12", "x12"). Three digits at most: longer numbers are codes. */
const TYPED_COUNT_RE = /^[*xX×]?(\d{1,3})$/;
/** Labels the Pack screen lists again after a restart (it shows the latest 8). */
const RESTORED_LABELS = 8;
/** Label jobs kept in the desk's view: all still moving, and the latest finished ones up to this many. */
const KEPT_LABEL_JOBS = 50;
export type { DeskView, LabelJob };

export class PackDesk {
  private session?: PackSessionState;
  private shipment?: ShipmentWire;
  private feedback: Feedback = told(sentence('hint.pack'));
  private readonly jobs = new Map<string, LabelJob>();
  private readonly awaitingDispatch: string[] = [];
  /** The session and readings the marketplace last warned about (WEIGHT_ANOMALY_WARNING); not journaled on purpose. */
  private weightWarned?: string;
  private unknownBarcode?: UnknownBarcode;
  /** A packed shipment whose label was scanned: the Pack screen offers to print its label again. */
  private reprint?: string;
  private readonly shiftSerials = new Set<string>();
  private readonly background = new Set<Promise<unknown>>();
  /**
   * The desk's commands run one at a time, in the order they came: a product scanned right
   * after the label waits for the shipment to open, a label scanned right after Enter waits for
   * the pack's answer, instead of racing it.
   */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: DeskDeps) {
    deps.claims?.onLost((ids) => {
      if (this.session && ids.includes(this.session.shipmentId)) {
        this.say(refused(sentence('station.pack.lostClaim', { id: this.session.shipmentId })));
      }
    });
    deps.stops?.onChange((id, text, stopped) => {
      if (this.session?.shipmentId === id) this.say({ tone: stopped ? 'error' : 'info', text, sound: stopped ? 'failure' : 'none' });
    });
  }

  view(): DeskView {
    const undo = this.session ? undoPreviewSentence(this.session) : undefined;
    const session = this.session ? { ...this.session, undo: undo && englishSentence(undo), undoSentence: undo } : undefined;
    const unknownBarcode = this.session ? this.unknownBarcode : undefined;
    const reprint = this.session ? undefined : this.reprint;
    return { session, feedback: this.feedback, jobs: [...this.jobs.values()], awaitingDispatch: [...this.awaitingDispatch], ...(unknownBarcode ? { unknownBarcode } : {}), ...(reprint ? { reprint } : {}) };
  }

  /** Restores the sessions a crash left open, replaying their scans in order. */
  restore(): Promise<number> {
    return this.inTurn(async () => {
      const open = this.deps.journal.openSessions();
      const last = open[open.length - 1];
      for (const s of open.slice(0, -1)) await this.deps.journal.appendSession({ sessionId: s.sessionId, event: 'closed', reason: 'superseded on restore' });
      if (!last?.opened.shipmentId) return 0;
      const [shipment] = await this.deps.client.orders.getShipments({ shipmentIds: [last.opened.shipmentId] });
      if (!shipment) return 0;
      const claim = await this.deps.claims?.claim(shipment.shipmentId, this.deps.who.operator);
      if (claim && !claim.ok) {
        await this.deps.journal.appendSession({ sessionId: last.sessionId, event: 'closed', reason: 'claimed elsewhere' });
        this.say({ tone: 'error', text: `The shipment open before the restart was not restored. ${claim.text}`, sound: 'failure' });
        return 0;
      }
      await this.deps.facts.load(shipment.orderItems.map((i) => i.sku));
      this.shipment = shipment;
      this.session = prefillParcels(openSession(last.sessionId, shipment, this.deps.facts.of), shipment, this.deps.facts.of);
      for (const step of await stepsToRestore(this.deps.journal, last)) this.session = replayStep(this.session, step, this.replayContext());
      this.feedback = told(sentence('station.pack.restored', { id: shipment.shipmentId }), ...unitProgressWords(this.session), sentence('station.pack.carryOn'));
      this.changed();
      return 1;
    });
  }

  /**
   * The "Labels" list after a restart: the labels this desk printed before it, from the journal,
   * so the packer still sees where the last labels went. Labels followed since are kept.
   */
  async restoreLabels(): Promise<void> {
    const printed = printedLabels(await this.deps.journal.records(), RESTORED_LABELS);
    const followed = new Map(this.jobs);
    this.jobs.clear();
    for (const { shipmentId, printer } of printed) this.jobs.set(shipmentId, { shipmentId, status: 'printed', ...saying(sentence('station.pack.printedBeforeRestart', { printer })) });
    for (const [id, job] of followed) {
      this.jobs.delete(id);
      this.jobs.set(id, job);
    }
    if (printed.length > 0) this.changed();
  }

  /** A scan from a serial scanner, a keyboard wedge or typed in the scan field. */
  scan(raw: string, source: ScanSource = 'typed'): Promise<Feedback> {
    return this.inTurn(async () => {
      const counted = TYPED_COUNT_RE.exec(raw.trim());
      if (this.session && counted && source === 'typed' && this.deps.typedCounts?.()) {
        return this.step(STEP_KINDS.count, counted[1], raw, (s) => applyCount(s, Number(counted[1])));
      }
      // The catalogue turns a known product barcode into its SKU; an unknown one waits for the packer.
      const resolved = resolveProductScan(classifyScan(raw), this.deps.barcodes, this.session);
      this.unknownBarcode = this.reprint = undefined;
      if ('unknown' in resolved) return this.askWhichProduct(resolved.unknown);
      const scan = resolved.scan;
      if (!this.session) return this.start(raw, scan);
      // Warehouse mode: a serial packed at any desk is refused when it is scanned, with where and when.
      const elsewhere = this.session.phase === 'serial' ? await this.deps.claims?.serialPackedElsewhere(scan.value, this.session.shipmentId) : undefined;
      if (elsewhere) return this.step(scan.kind, scan.value, raw, (s) => ({ ...s, feedback: { tone: 'error', ...elsewhere, sound: 'failure' } }));
      return this.step(scan.kind, scan.value, raw, (s) => applyScan(s, scan, this.serialContext(), this.deps.facts.of));
    });
  }

  /** Undo last scan: takes back the last unit, typed count or serial. */
  undo(): Promise<Feedback> {
    return this.inTurn(async () => {
      if (!this.session) return this.say(told(sentence('station.pack.noShipmentToUndo')));
      if (this.session.steps.length === 0) return this.say(undoLast(this.session).feedback);
      return this.step(STEP_KINDS.undo, '', '', undoLast);
    });
  }

  /** Removes one recorded serial so the packer can scan the right one. */
  removeSerial(serial: string): Promise<Feedback> {
    return this.inTurn(async () => {
      if (!this.session) return this.say(refused(sentence('station.pack.noShipmentOpen')));
      return this.step(STEP_KINDS.removeSerial, serial, '', (s) => removeSerial(s, serial));
    });
  }

  measure(m: Measurement): Promise<Feedback> {
    return this.inTurn(async () => {
      if (!this.session) return this.say(refused(sentence('station.pack.scanShipmentFirst')));
      return this.step(STEP_KINDS.measurement, JSON.stringify(m), '', (s) => keepRefusal(s, applyMeasurement(s, m), m.source));
    });
  }

  /** Enter: pack the open shipment when it is ready. */
  pack(): Promise<Feedback> {
    return this.inTurn(async () => {
      const session = this.session;
      const shipment = this.shipment;
      if (!session || !shipment) return this.say(refused(sentence('station.pack.scanShipmentFirst')));
      const stopped = this.deps.stops?.reason(session.shipmentId);
      if (stopped) return this.say({ tone: 'error', text: stopped, sound: 'failure' });
      if (session.phase !== 'ready') {
        const why = session.feedback.sentences;
        if (why) return this.say(refused(sentence('station.pack.notReady'), ...why));
        return this.say({ tone: 'error', text: `Not ready to pack: ${session.feedback.text}`, sound: 'failure' });
      }
      const claims = this.deps.claims;
      if (claims && (await claims.confirm([session.shipmentId])).length === 0) {
        const id = session.shipmentId;
        return this.say(refused(claims.holds(id) ? sentence('station.claim.runningOut', { id }) : sentence('station.claim.noLongerHeld', { id })));
      }
      const serials = session.lines.flatMap((l) => l.serials.flat().map((serial) => ({ serial, sku: l.sku })));
      const conflict = await claims?.reserveSerials(session.shipmentId, this.deps.who.operator, serials);
      if (conflict) return this.say({ tone: 'error', ...conflict, sound: 'failure' });
      this.jobs.set(session.shipmentId, { shipmentId: session.shipmentId, status: 'packing', ...saying(sentence('station.pack.packing')) });
      const measured = `${session.sessionId} ${measuredKey(session)}`;
      let packing = session;
      if (this.weightWarned === measured && !warningConfirmed(session)) {
        // The second Enter on the readings warned about: the packer's "they are right", journaled first.
        await this.deps.journal.appendScan({ sessionId: session.sessionId, raw: '', kind: STEP_KINDS.confirmWeight, value: measuredKey(session) });
        packing = this.session = confirmWeight(session, measuredKey(session));
      }
      const outcome = await submitPack(this.deps, packing, shipment, { ignoreWarning: warningConfirmed(packing) });
      this.weightWarned = !outcome.ok && outcome.code === WEIGHT_WARNING_CODE ? measured : undefined;
      if (claims) await (outcome.ok ? claims.packed([session.shipmentId]) : claims.releaseSerials(session.shipmentId));
      return this.afterPack(packing, outcome);
    });
  }

  /** Esc: put the open shipment aside without packing it. */
  putAside(): Promise<Feedback> {
    return this.inTurn(async () => {
      if (!this.session) return this.feedback;
      await this.deps.journal.appendSession({ sessionId: this.session.sessionId, event: 'closed', reason: 'put-aside' });
      const id = this.session.shipmentId;
      this.session = undefined;
      this.shipment = undefined;
      // Held for the weight warning: its second Enter went with the shipment.
      if (this.jobs.get(id)?.status === 'held') this.jobs.delete(id);
      await this.deps.claims?.release(id);
      return this.say(told(sentence('station.pack.putAside', { id })));
    });
  }

  /** An unknown product barcode: nothing is recorded until the packer says which product it is. */
  private askWhichProduct(unknown: UnknownBarcode): Feedback {
    if (!this.session) return this.say({ tone: 'error', text: unknownBarcodeWithoutShipment(unknown.code, unknown.format), sound: 'failure' });
    this.unknownBarcode = unknown;
    return this.say(told(sentence('station.pack.newBarcode', { format: unknown.format, code: unknown.code })));
  }

  /** Esc at the "which product" question: the scan is dropped, the shipment stays as it was. */
  dismissBarcode(): Feedback {
    if (!this.unknownBarcode) return this.feedback;
    const { code } = this.unknownBarcode;
    this.unknownBarcode = undefined;
    return this.say(told(sentence('station.pack.notLinked', { code })));
  }

  /** Shipments marked ready to dispatch elsewhere (Dispatch packed): no longer waiting here. */
  markDispatched(ids: readonly string[]): void {
    if (ids.length === 0) return;
    for (const id of ids) {
      const at = this.awaitingDispatch.indexOf(id);
      if (at >= 0) this.awaitingDispatch.splice(at, 1);
      if (this.jobs.has(id)) this.jobs.set(id, { shipmentId: id, status: 'dispatched', ...saying(sentence('station.pack.readyToDispatch')) });
    }
    this.changed();
  }

  /** Waits for label jobs still in flight (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  private async start(raw: string, scan: ClassifiedScan): Promise<Feedback> {
    const found = await identifyShipment(this.deps.client.orders, scan, { locationId: this.deps.locationId, skuForBarcode: (code) => this.deps.barcodes?.skuFor(code) });
    if ('error' in found) return this.say({ tone: 'error', ...found.error, sound: 'failure' });
    // Packed here: said with its label, a reprint offered. Packed elsewhere: refused below, naming who.
    const records = isPacked(found.shipment) ? await this.deps.journal.records() : [];
    if (packedHistory(records, found.shipment.shipmentId).packedAt) {
      this.reprint = found.shipment.shipmentId;
      return this.say({ tone: 'error', ...packedWords(records, found.shipment), sound: 'failure' });
    }
    const refusal = checkActionable(found.shipment, { now: this.deps.clock.now().getTime(), locationId: this.deps.locationId });
    if (refusal) return this.say({ tone: 'error', text: refusal.text, sentences: refusal.sentences, sound: 'failure' });
    this.deps.stops?.forget(found.shipment.shipmentId);
    const missing = await this.deps.facts.load(found.shipment.orderItems.map((i) => i.sku));
    if (missing.length > 0) return this.say(refused(sentence('station.pack.noListing', { sku: missing[0]! })));
    const claims = this.deps.claims;
    const claimed = claims ? await claimShipment(found.shipment, { claims, operator: this.deps.who.operator, orders: this.deps.client.orders, now: this.deps.clock.now().getTime(), locationId: this.deps.locationId }) : { shipment: found.shipment };
    if ('text' in claimed) return this.say({ tone: 'error', text: claimed.text, ...(claimed.sentences.length > 0 ? { sentences: claimed.sentences } : {}), sound: 'failure' });
    found.shipment = claimed.shipment;
    const sessionId = this.deps.newSessionId();
    const aside = await findPutAside(this.deps.journal, found.shipment.shipmentId);
    await this.deps.journal.appendSession({ sessionId, event: 'opened', shipmentId: found.shipment.shipmentId, operator: this.deps.who.operator, desk: this.deps.who.desk, ...(aside ? { resumes: aside.resumes } : {}) });
    await this.deps.journal.appendScan({ sessionId, raw, kind: scan.kind, value: scan.value });
    this.shipment = found.shipment;
    this.session = prefillParcels(openSession(sessionId, found.shipment, this.deps.facts.of), found.shipment, this.deps.facts.of);
    // A product scan that opened the shipment also verifies its first unit.
    if (scan.kind !== 'shipmentId' && scan.kind !== 'orderId' && scan.kind !== 'orderItemId') {
      this.session = applyScan(this.session, scan, this.serialContext(), this.deps.facts.of);
    }
    if (aside) this.session = resumeAside(this.session, aside.carried, this.replayContext());
    return this.settle();
  }

  private async afterPack(session: PackSessionState, outcome: PackOutcome): Promise<Feedback> {
    if (!outcome.ok) {
      // A weight warning is no failure (spec § Errors WEIGHT_ANOMALY_WARNING): the shipment is held
      // for the packer's check, and the list says what resolves it (the warning itself is said above).
      const held = outcome.code === WEIGHT_WARNING_CODE;
      const words = held ? saying(sentence('station.pack.enterAgainToPack')) : { text: outcome.text, sentences: outcome.sentences };
      this.jobs.set(session.shipmentId, { shipmentId: session.shipmentId, status: held ? 'held' : 'failed', ...words });
      const badSerial = outcome.code === 'INVALID_IMEI_NUMBER' ? refusedSerial(session, outcome.message ?? outcome.text) : undefined;
      if (badSerial && this.session === session) {
        // Only that serial is scanned again: the units, the other serials and the measurements stay.
        const why = [sentence('station.pack.marketplaceRefused', { serial: badSerial, reason: (outcome.message ?? outcome.text).replace(/\.$/, '') })];
        return this.step(STEP_KINDS.removeSerial, badSerial, '', (s) => removeSerial(s, badSerial, why));
      }
      if (outcome.code === 'INVALID_IMEI_NUMBER') {
        if (outcome.sentences) return this.say(refused(...outcome.sentences, sentence('station.pack.removeWrongSerial')));
        return this.say({ tone: 'error', text: `${outcome.text} Remove the wrong serial (its Remove button) and scan it again; everything else is kept.`, sound: 'failure' });
      }
      if (outcome.code === WEIGHT_WARNING_CODE && outcome.sentences) return this.say(refused(...outcome.sentences, sentence('station.pack.enterAgainToPack')));
      return this.say({ tone: 'error', text: outcome.text, sentences: outcome.sentences, sound: 'failure' });
    }
    for (const line of session.lines) for (const unit of line.serials) for (const s of unit) this.shiftSerials.add(s);
    this.session = undefined;
    this.shipment = undefined;
    this.jobs.set(session.shipmentId, { shipmentId: session.shipmentId, status: 'waitingLabel', ...saying(sentence('station.pack.waitingLabel')) });
    const job = this.followLabel(session.shipmentId).finally(() => this.background.delete(job));
    this.background.add(job);
    return this.say(cheered(sentence('station.pack.packed', { id: session.shipmentId })));
  }

  private followLabel(shipmentId: string): Promise<void> {
    return followLabel(this.deps, shipmentId, {
      report: (job) => {
        this.jobs.set(shipmentId, job);
        this.forgetOldJobs();
        this.changed();
      },
      awaitDispatch: (id) => this.awaitingDispatch.push(id),
    });
  }

  /** Finished label jobs beyond the latest few leave, oldest first: each scan's view stays small all shift. */
  private forgetOldJobs(): void {
    for (const [id, job] of this.jobs) {
      if (this.jobs.size <= KEPT_LABEL_JOBS) return;
      if (job.status === 'printed' || job.status === 'dispatched' || job.status === 'failed' || job.status === 'held') this.jobs.delete(id);
    }
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.turn.then(work, work);
    this.turn = run.catch(() => undefined);
    return run;
  }

  /**
   * Applies one change to the open session: the scan or step is journaled first, with the
   * refusal when the desk refuses it, then the new state is kept. Nothing is applied that is not
   * in the journal, so a restart replays exactly what the packer saw.
   */
  private async step(kind: string, value: string, raw: string, apply: (s: PackSessionState) => PackSessionState): Promise<Feedback> {
    const session = this.session!;
    const next = apply(session);
    const refused = next.feedback.tone === 'error' && next.steps === session.steps && next.parcels === session.parcels;
    await this.deps.journal.appendScan({ sessionId: session.sessionId, raw, kind, value, ...(refused ? refusalOf(next.feedback) : {}) });
    // The shipment was packed or put aside meanwhile: the step has nothing left to change.
    if (this.session !== session) return this.feedback;
    this.session = next;
    return this.settle();
  }

  private replayContext(): ReplayContext {
    return { barcodes: this.deps.barcodes, facts: this.deps.facts.of, serials: this.serialContext() };
  }

  private serialContext() {
    return { serialUsedInShift: (s: string) => this.shiftSerials.has(s) };
  }

  private settle(): Feedback {
    return this.say(this.session!.feedback);
  }

  private say(feedback: Feedback): Feedback {
    this.feedback = feedback;
    this.changed();
    return feedback;
  }

  private changed(): void {
    this.deps.onChange?.(this.view());
  }
}

