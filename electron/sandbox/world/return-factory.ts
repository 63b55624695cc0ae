// Creates returns on order items (spec § Return, § Self Ship return). Used by the seed and by
// POST /sandbox/returns.
import type { World } from './world.js';
import type { ReturnRec } from './model.js';

export type ReturnKind = 'standard' | 'courier' | 'customer';

/** Throws ApiError (4xx) when the order item cannot have a return of this kind. */
export function createReturn(_world: World, _orderItemId: string, _kind: ReturnKind): ReturnRec {
  throw new Error('not available');
}
