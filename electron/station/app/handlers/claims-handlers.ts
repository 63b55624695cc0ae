// Contract handlers of the claims the office works from: returns received damaged, wrong, with
// missing parts or as an empty box, with their photos (electron/station/returns/claim-store.ts).
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../dispatcher.js';

export function claimsHandlers(ctx: AppContext): Handlers {
  return {
    'claims.list': () => ctx.claims().list(),
    'claims.get': ({ returnId }) => ctx.claims().get(returnId),
    'claims.export': ({ returnId }) => ctx.claims().export(returnId),
  };
}
