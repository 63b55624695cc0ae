// What came back in the box, in the words the desk and the claim sheet use.
import type { ReturnCondition } from '../../../shared/contract/claims.js';
import type { SentencePart } from '../../../shared/contract/define.js';
import { keyed } from '../../../shared/i18n/station-sentences.js';

/** English, for the claim sheet. */
export const CONDITION_WORDS: Record<ReturnCondition, string> = {
  sellable: 'sellable',
  damaged: 'damaged',
  wrongProduct: 'the wrong product',
  missingParts: 'missing parts',
  emptyBox: 'an empty box',
};

/** The same words as a phrase of the catalogue, said inside a sentence in the desk's language. */
export const CONDITION_PHRASES: Record<ReturnCondition, SentencePart> = {
  sellable: keyed('returns.condition.sellable'),
  damaged: keyed('returns.condition.damaged'),
  wrongProduct: keyed('returns.condition.wrongProduct'),
  missingParts: keyed('returns.condition.missingParts'),
  emptyBox: keyed('returns.condition.emptyBox'),
};
