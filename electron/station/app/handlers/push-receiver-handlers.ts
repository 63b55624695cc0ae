// Contract handlers of Setup -> Live updates (the desk's own push receiver). Arguments arrive
// checked against the contract's zod schemas by the dispatcher. Saving takes effect at once; the
// subscription URL (it holds the secret path token) is answered only by the save that made the
// token, and never appears in a view, an event or the log.
import { StationError } from '../../../../shared/contract/define.js';
import { englishSentence, keyed, keyedError } from '../../../../shared/i18n/station-sentences.js';
import type { ReceiverForm } from '../../../../shared/contract/push.js';
import { subscriptionUrl, tokenForSave } from '../../push/desk-receiver.js';
import { checkReceiverTls } from '../../push/receiver-tls-check.js';
import type { StationPushes } from '../../push/station-pushes.js';
import type { SecretStore } from '../../settings/secret-store.js';
import { SettingsError, type SettingsStore } from '../../settings/settings-store.js';
import type { Handlers } from '../dispatcher.js';

export interface PushReceiverDeps {
  push: StationPushes;
  settings: SettingsStore;
  secrets: SecretStore;
  clock: { now(): Date };
}

const settingsOf = (form: ReceiverForm) => ({ enabled: form.enabled, port: form.port, host: form.host, certFile: form.certFile, keyFile: form.keyFile, publicUrl: form.publicUrl });

export function pushReceiverHandlers(deps: PushReceiverDeps): Handlers {
  const view = () => deps.push.receiver.view(deps.settings.get().pushReceiver, deps.secrets);
  return {
    'push.receiver': () => view(),
    'push.receiver.check': (args) => {
      const form = args as ReceiverForm;
      const tls = checkReceiverTls(form.certFile, form.keyFile, deps.clock.now());
      return tls.ok ? { ok: true, sentence: keyed('push.check.ok', { date: tls.validTo.toISOString().slice(0, 10) }) } : { ok: false, sentence: tls.problem };
    },
    'push.receiver.save': async (args) => {
      const form = args as ReceiverForm & { newToken?: boolean };
      if (form.publicUrl && !/^https:\/\/[^\s/]+/.test(form.publicUrl)) {
        throw keyedError('INVALID_SETTINGS', 'push.check.publicUrl');
      }
      if (form.enabled) {
        const tls = checkReceiverTls(form.certFile, form.keyFile, deps.clock.now());
        if (!tls.ok) throw new StationError('INVALID_SETTINGS', englishSentence(tls.problem), tls.problem);
      }
      try {
        deps.settings.update({ pushReceiver: settingsOf(form) } as never);
      } catch (e) {
        if (e instanceof SettingsError) throw e.toStationError();
        throw e;
      }
      const token = form.enabled || form.newToken ? tokenForSave(deps.secrets, form.newToken === true) : undefined;
      await deps.push.restartAlone();
      return { view: view(), ...(token?.created ? { subscriptionUrl: subscriptionUrl(form, token.token) } : {}) };
    },
  };
}
