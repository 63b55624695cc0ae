// What the Pack screen shows of the desk: the open shipment, the last words, the labels being
// followed, and the shipments waiting for the end-of-wave ready to dispatch.
import type { KeyedSentence } from '../../../shared/contract/define.js';
import type { UnknownBarcode } from '../catalogue/scan-resolver.js';
import type { Feedback, PackSessionState } from './pack-session.js';

export interface LabelJob {
  shipmentId: string;
  /** 'held': not packed, the marketplace warned about the weight or size (WEIGHT_ANOMALY_WARNING); a second Enter packs. */
  status: 'packing' | 'waitingLabel' | 'waitingPrinter' | 'printed' | 'dispatched' | 'failed' | 'held';
  text: string;
  /** The same words as catalogue keys (absent only for a printer's own reason, which comes in English). */
  sentences?: KeyedSentence[];
}

export interface DeskView {
  session?: PackSessionState & { undo?: string; undoSentence?: KeyedSentence };
  feedback: Feedback;
  jobs: LabelJob[];
  /** A product barcode the catalogue does not know, scanned while a shipment is open: which product is it? */
  unknownBarcode?: UnknownBarcode;
  /** Packed and printed, waiting for the end-of-wave ready-to-dispatch. */
  awaitingDispatch: string[];
  /** A packed shipment whose label was scanned again: the Pack screen offers to print its label again. */
  reprint?: string;
}
