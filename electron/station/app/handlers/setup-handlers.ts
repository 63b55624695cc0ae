// Contract handlers of setup (issue "packing desk app", screen 1): the app's facts, settings, and
// signing in to the marketplace. Every change takes effect at once (the app station listens to
// the settings); every refusal is a sentence. No handler returns or emits a secret: sign-in takes
// the application secret in and answers with dates and words only.
import { SettingsError } from '../../settings/settings-store.js';
import type { Handlers } from '../dispatcher.js';
import type { StationAppContext } from '../station-app-context.js';

/** What the journal was found damaged with (the Activity screen says it); none before the station started. */
function journalDamage(ctx: StationAppContext): { foundAt: string; text: string }[] {
  try {
    return ctx.journal.damageReports().map(({ foundAt, text }) => ({ foundAt, text }));
  } catch {
    return [];
  }
}

export function setupHandlers(ctx: StationAppContext): Handlers {
  return {
    'app.info': async (_args, call) => ({
      version: ctx.version,
      sandbox: ctx.isSandbox(),
      signIn: await ctx.session.view(),
      locations: ctx.session.locations(),
      transport: call.transport,
      journalDamage: journalDamage(ctx),
      leftUndone: ctx.leftUndone?.() ?? [],
    }),
    'settings.get': () => ctx.settings.get(),
    'settings.update': (patch) => {
      try {
        return ctx.settings.update(patch as never);
      } catch (e) {
        if (e instanceof SettingsError) throw e.toStationError();
        throw e;
      }
    },
    'auth.signInSelfAccess': async (args) => {
      await ctx.session.signInSelfAccess(args);
      return ctx.announceSignIn();
    },
    'auth.startThirdParty': (args) => ctx.session.startThirdParty(args),
    'auth.completeThirdParty': async ({ callbackUrl }) => {
      await ctx.session.completeThirdParty(callbackUrl);
      return ctx.announceSignIn();
    },
    'auth.useSandbox': () => ctx.useSandbox(),
    'auth.signOut': async () => {
      return ctx.announceSignIn(await ctx.session.signOut());
    },
  };
}
