// The seeded catalogue: the listings behind the order items, with tax codes, packages and
// locations (spec § Listing record).
import type { World } from './world.js';
import type { Rng } from './rng.js';
import type { ListingRec } from './model.js';

/** Creates `count` listings for a seller across its locations and returns them. */
export function seedListings(_world: World, _sellerId: string, _rng: Rng, _count: number): ListingRec[] {
  return [];
}
