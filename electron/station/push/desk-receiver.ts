// A desk alone running the push receiver from Setup -> Live updates: its status (listening on
// what, the last notification, counts, the last refusal or failure in words) and what saving the
// settings does. The environment (STATION_PUSH_PORT...) still wins when set; a desk following a
// warehouse database hears the warehouse's receiver instead and runs none of its own.
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { keyed } from '../../../shared/i18n/station-sentences.js';
import type { ReceiverForm, ReceiverView } from '../../../shared/contract/push.js';
import type { PushReceiverSettings } from '../../../shared/settings.js';
import type { SecretStore } from '../settings/secret-store.js';
import type { LocalReceiverConfig } from './desk-push-sources.js';
import { pushPath, pushToken, PUSH_TOKEN_SECRET } from './push-token.js';
import type { ReceiverOutcome } from './receiver-server.js';
import { checkReceiverTls } from './receiver-tls-check.js';

type State = ReceiverView['state'];

export class ReceiverStatus {
  private state: State = 'off';
  private address: string | undefined;
  private certValidTo: string | undefined;
  private problem: KeyedSentence | undefined;
  private lastNotificationAt: string | undefined;
  private counts = { stored: 0, duplicates: 0, refused: 0 };
  private lastError: ReceiverView['lastError'];

  constructor(
    private readonly clock: { now(): Date },
    private readonly changed: () => void,
  ) {}

  set(state: State, details: { address?: string; problem?: KeyedSentence; certValidTo?: Date } = {}): void {
    this.state = state;
    this.address = details.address;
    this.problem = details.problem;
    this.certValidTo = details.certValidTo?.toISOString();
    this.changed();
  }

  outcome(o: ReceiverOutcome): void {
    const at = this.clock.now().toISOString();
    if (o.kind === 'refused') {
      this.counts.refused++;
      this.lastError = { at, sentence: keyed('push.status.refused', { status: o.status, reason: o.reason }) };
    } else {
      this.counts[o.kind === 'stored' ? 'stored' : 'duplicates']++;
      this.lastNotificationAt = at;
    }
    this.changed();
  }

  failed(message: string): void {
    this.state = 'failed';
    this.problem = keyed('push.status.startFailed', { reason: message });
    this.lastError = { at: this.clock.now().toISOString(), sentence: this.problem };
    this.changed();
  }

  view(settings: PushReceiverSettings, secrets: SecretStore): ReceiverView {
    return {
      settings: { ...settings },
      state: this.state,
      ...(this.address ? { address: this.address } : {}),
      tokenStored: secrets.get(PUSH_TOKEN_SECRET) !== undefined,
      ...(this.certValidTo ? { certValidTo: this.certValidTo } : {}),
      ...(this.lastNotificationAt ? { lastNotificationAt: this.lastNotificationAt } : {}),
      ...this.counts,
      ...(this.problem ? { problem: this.problem } : {}),
      ...(this.lastError ? { lastError: this.lastError } : {}),
    };
  }
}

/**
 * The receiver Setup's settings ask for, checked: undefined when off; a problem in words when
 * the certificate and key would not serve.
 */
export function receiverFromSettings(settings: PushReceiverSettings, now: Date): { config?: LocalReceiverConfig; problem?: KeyedSentence; certValidTo?: Date } {
  if (!settings.enabled) return {};
  const tls = checkReceiverTls(settings.certFile, settings.keyFile, now);
  if (!tls.ok) return { problem: tls.problem };
  return { config: { port: settings.port, host: settings.host, certFile: settings.certFile, keyFile: settings.keyFile, publicUrl: settings.publicUrl || undefined }, certValidTo: tls.validTo };
}

/** The subscription URL for the marketplace's form: the public address (or this computer's) and the token. */
export function subscriptionUrl(form: ReceiverForm, token: string): string {
  const base = form.publicUrl ? form.publicUrl.replace(/\/+$/, '') : `https://localhost:${form.port}`;
  return `${base}${pushPath(token)}`;
}

/** The token for a save: made now (and so shown) when there is none or a new one is asked for. */
export function tokenForSave(secrets: SecretStore, renew: boolean): { token: string; created: boolean } {
  return pushToken(secrets, renew);
}
