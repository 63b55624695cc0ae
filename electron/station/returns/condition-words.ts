// What came back in the box, as phrases of the catalogue: said inside the desk's sentences and
// printed on the claim sheet, in the desk's language.
import type { ReturnCondition } from '../../../shared/contract/claims.js';
import type { SentencePart } from '../../../shared/contract/define.js';
import { keyed } from '../../../shared/i18n/station-sentences.js';

/** Said inside a sentence, or on its own, in the desk's language. */
export const CONDITION_PHRASES: Record<ReturnCondition, SentencePart> = {
  sellable: keyed('returns.condition.sellable'),
  damaged: keyed('returns.condition.damaged'),
  wrongProduct: keyed('returns.condition.wrongProduct'),
  missingParts: keyed('returns.condition.missingParts'),
  emptyBox: keyed('returns.condition.emptyBox'),
};
