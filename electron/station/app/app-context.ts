// What every contract handler receives: the station's services, built once by the composition
// root (electron/station/app/app-station.ts) from settings, secrets and the connected marketplace.
// Handlers are plain functions of (context) -> Handlers, so they run in Node tests over real
// services and in the desktop app alike.
import type { KeyedSentence } from '../../../shared/contract/define.js';
import type { MarketplaceClient } from '../api/client.js';
import type { BarcodeCatalogue } from '../catalogue/barcode-catalogue.js';
import type { ClaimStore } from '../returns/claim-store.js';
import type { Journal } from '../journal/journal.js';
import type { CallIdentity } from '../journal/journaled-call.js';
import type { DeskClaims, DeskInvoices } from '../packing/desk-claims.js';
import type { InvoiceSeries } from '../packing/invoice-series.js';
import type { Clock } from '../packing/ist-dates.js';
import type { PackDesk } from '../packing/pack-desk.js';
import type { LabelPrinter } from '../packing/pack-submit.js';
import type { ParcelsAsPacked } from '../packing/parcels-as-packed.js';
import type { ProductFactsCache } from '../packing/product-facts.js';
import type { PrintQueue } from '../printing/print-queue.js';
import type { SecretStore } from '../settings/secret-store.js';
import type { SettingsStore } from '../settings/settings-store.js';
import type { EventHub } from './dispatcher.js';
import type { DeskPushes } from '../push/desk-pushes.js';

export type PrintRole = 'label' | 'document';

export interface DeviceControl {
  /** Asks the scales to report weights (polling protocols poll only while wanted); call the result to release. */
  wantWeight(): () => void;
}

export interface AppContext {
  hub: EventHub;
  clock: Clock;
  settings: SettingsStore;
  secrets: SecretStore;
  journal: Journal;
  /** The connected marketplace; throws StationError NOT_SIGNED_IN with words when there is none. */
  marketplace(): MarketplaceClient;
  /** True while the embedded sandbox marketplace is in use (the UI says "Sandbox"). */
  isSandbox(): boolean;
  /** The desk's location; throws StationError NO_LOCATION with words when not set. */
  locationId(): string;
  who(): CallIdentity;
  /** The desk's own invoice series (its file). */
  invoices(): InvoiceSeries;
  /** The series packs take numbers from: the warehouse's shared one in warehouse mode, else invoices(). */
  numbering?(): DeskInvoices;
  /** Warehouse mode's claims, serials and packs shared with the other desks; undefined for a desk alone. */
  warehouseClaims?(): DeskClaims | undefined;
  facts(): ProductFactsCache;
  /** The desk's product barcodes (EAN, UPC, GTIN, Code 128) linked to SKUs. */
  barcodes(): BarcodeCatalogue;
  desk(): PackDesk;
  /** Photos of received returns and the claims kept for damaged, wrong or incomplete ones. */
  claims(): ClaimStore;
  printQueue: PrintQueue;
  /** Prints a PDF on the printer configured for a role and returns the queued job's id. */
  print(role: PrintRole, pdf: Uint8Array, title: string | KeyedSentence): Promise<{ jobId: string; printer: string }>;
  devices: DeviceControl;
  /** What a desk pack prints (label, box slips, invoice) and how it follows the label to paper; absent: the label alone, as handed over. */
  labelPrinter?(): LabelPrinter;
  /** The parcels each of this desk's packs sent (the journal's), for box slips and the truck's loading list. */
  parcels?: ParcelsAsPacked;
  /** Push notifications the desk hears (queue, labels, holds at the pack desk); absent in bare contexts. */
  pushes?: DeskPushes;
}
