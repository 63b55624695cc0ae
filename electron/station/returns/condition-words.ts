// What came back in the box, in the words the desk and the claim sheet use.
import type { ReturnCondition } from '../../../shared/contract/claims.js';

export const CONDITION_WORDS: Record<ReturnCondition, string> = {
  sellable: 'sellable',
  damaged: 'damaged',
  wrongProduct: 'the wrong product',
  missingParts: 'missing parts',
  emptyBox: 'an empty box',
};
