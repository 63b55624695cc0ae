// Contract handlers of operators: the list (Setup -> Operators), badges printed on the label
// printer, and signing in and out at the desk. A PIN goes in and is checked against its scrypt
// hash; neither the PIN nor the hash comes back.
import { keyed, keyedError } from '../../../../shared/i18n/station-sentences.js';
import { OperatorError } from '../../operators/operator-directory.js';
import { renderBadge } from '../../operators/badge-page.js';
import { PIN_LOCK_MS, PinAttempts } from '../../operators/pin-attempts.js';
import type { Handlers } from '../dispatcher.js';
import type { StationAppContext } from '../station-app-context.js';

function refused(e: unknown, name?: string): never {
  if (e instanceof OperatorError && e.code === 'NAME_TAKEN') throw keyedError('NAME_TAKEN', 'station.operators.nameTaken', { name: name ?? '' });
  if (e instanceof OperatorError && e.code === 'WAREHOUSE_AWAY') throw keyedError('WAREHOUSE_AWAY', 'station.operators.warehouseAway');
  if (e instanceof OperatorError) throw keyedError('NO_SUCH_OPERATOR', 'station.operators.noSuchOperator');
  throw e;
}

export function operatorHandlers(ctx: StationAppContext): Handlers {
  const attempts = new PinAttempts(() => ctx.clock.now());
  const minutesLeft = (until: number) => Math.max(1, Math.ceil((until - ctx.clock.now().getTime()) / 60_000));
  const changed = () => {
    const next = ctx.deskSignIn.view();
    ctx.hub.emit('operators.changed', next);
    return next;
  };
  return {
    'operators.list': async () => {
      await ctx.operators.refresh();
      return ctx.deskSignIn.view();
    },
    'operators.add': async ({ name, pin, language }) => {
      try {
        await ctx.operators.add(name, pin, language || undefined);
      } catch (e) {
        refused(e, name);
      }
      return changed();
    },
    'operators.update': async ({ id, ...change }) => {
      try {
        await ctx.operators.update(id, change);
      } catch (e) {
        refused(e, change.name);
      }
      return changed();
    },
    'operators.printBadge': async ({ id }) => {
      const operator = ctx.operators.list().find((o) => o.id === id);
      if (!operator) throw keyedError('NO_SUCH_OPERATOR', 'station.operators.noSuchOperator');
      const pdf = await renderBadge({ name: operator.name, badge: operator.badge, desk: ctx.settings.get().desk.name, media: ctx.printing.mediaFor('label') });
      const { jobId, printer } = await ctx.print('label', pdf, keyed('print.jobTitle.badge', { name: operator.name }));
      return { jobId, printer };
    },
    'operators.signIn': async (args) => {
      if ('badge' in args) {
        const operator = await ctx.operators.byBadge(args.badge);
        if (!operator) throw keyedError('UNKNOWN_BADGE', 'station.operators.unknownBadge', { badge: args.badge });
        // Setup -> Operators may ask for the PIN as well: a badge can be copied.
        if (!ctx.settings.get().operators.badgeAlone) throw keyedError('PIN_NEEDED', 'station.operators.pinNeeded', { name: operator.name });
        ctx.deskSignIn.signIn(operator);
        return ctx.deskSignIn.view();
      }
      const locked = attempts.lockedUntil(args.id);
      if (locked !== undefined) throw keyedError('PIN_LOCKED', 'station.operators.pinLocked', { minutes: minutesLeft(locked) });
      const operator = await ctx.operators.checkPin(args.id, args.pin);
      if (!operator) {
        // Only an operator who exists is counted: an unknown id locks nobody.
        if (ctx.operators.list().some((o) => o.id === args.id) && attempts.wrong(args.id)) {
          throw keyedError('PIN_LOCKED', 'station.operators.pinLocked', { minutes: PIN_LOCK_MS / 60_000 });
        }
        throw keyedError('WRONG_PIN', 'station.operators.wrongPin');
      }
      attempts.right(args.id);
      ctx.deskSignIn.signIn(operator);
      return ctx.deskSignIn.view();
    },
    'operators.active': () => {
      ctx.deskSignIn.active();
      return { ok: true as const };
    },
    'operators.signOut': () => {
      ctx.deskSignIn.signOut();
      return ctx.deskSignIn.view();
    },
  };
}
