// `station login`: stores the marketplace address, application id and secret (encrypted, never
// printed), then signs in and keeps the tokens in the secret store (spec § Authentication).
// Self access signs in with client_credentials; third party prints the authorize address and
// reads the address the browser was sent back to (spec § Authorization code flow).
import { createInterface } from 'node:readline';
import { bindingOf, storeAppSecret } from '../composition/app-secret.js';
import type { Station, StationStores } from '../station.js';
import { EXIT_OK, EXIT_USAGE, type Invocation } from './cli-args.js';
import type { Output } from './cli-io.js';

type Opts = Record<string, string | boolean | undefined>;

export async function readLine(input: NodeJS.ReadableStream = process.stdin): Promise<string | undefined> {
  const rl = createInterface({ input, terminal: false });
  try {
    for await (const line of rl) return line.trim();
    return undefined;
  } finally {
    rl.close();
  }
}

/** Before connecting: store what `login --base-url ... --app-id ...` gives. A string is a usage error. */
export async function storeLoginSettings(stores: StationStores, inv: Invocation, out: Output): Promise<string | undefined> {
  const o = inv.options as Opts;
  const baseUrl = o['base-url'] as string | undefined;
  const appId = o['app-id'] as string | undefined;
  if (!baseUrl && !appId) return undefined;
  if (!baseUrl || !appId) return 'login needs both --base-url and --app-id (or neither, to sign in again with what is stored).';
  if (inv.sandboxInfo) return '--sandbox-info signs in with the sandbox\'s own application; do not combine it with --base-url.';
  const thirdParty = !!o['third-party'];
  if (thirdParty && !o['redirect-uri']) return 'login --third-party needs --redirect-uri (the HTTPS callback registered for the application).';
  let secret = process.env.STATION_APP_SECRET;
  if (!secret) {
    out.progress('Application secret (one line on stdin):');
    secret = await readLine();
  }
  if (!secret) return 'No application secret given: set STATION_APP_SECRET or type it on stdin.';
  // Settings validate the address (https only, spec § conventions) before anything is stored.
  const mode = thirdParty ? 'thirdParty' : 'selfAccess';
  stores.settings.update({ marketplace: { mode, baseUrl, appId, ...(thirdParty ? { redirectUri: o['redirect-uri'] as string } : {}) } });
  // Bound to this address and mode: it is never sent anywhere else.
  storeAppSecret(stores.secrets, bindingOf({ mode, baseUrl, appId })!, secret);
  out.progress(`Stored the marketplace ${baseUrl} and application ${appId}; the secret is encrypted in the data dir.`);
  return undefined;
}

export async function login(station: Station, inv: Invocation, out: Output): Promise<number> {
  const tokens = station.client.tokens;
  if (station.connection.mode === 'thirdParty') {
    const redirectUri = station.settings.get().marketplace.redirectUri;
    if (!redirectUri) {
      out.io.stderr('No redirect address is stored; run login --third-party --redirect-uri URL.');
      return EXIT_USAGE;
    }
    const { url } = tokens.startAuthorization(redirectUri, station.connection.appId);
    out.progress(`Open this address, sign in and press Allow, then paste the address you were sent back to:\n${url}`);
    const back = await readLine();
    if (!back) {
      out.io.stderr('No address pasted; not signed in.');
      return EXIT_USAGE;
    }
    await tokens.completeAuthorization(back);
  } else {
    await tokens.signOut();
    await tokens.getAccessToken();
  }
  const status = await tokens.status();
  const until = status.accessExpiresAt ? new Date(status.accessExpiresAt).toISOString() : 'unknown';
  out.result({ signedIn: status.signedIn, mode: status.mode, connection: station.connection.kind, baseUrl: station.connection.baseUrl, accessExpiresAt: until });
  out.line(`Signed in to ${station.connection.baseUrl} (${status.mode}); access valid until ${until}.`);
  return EXIT_OK;
}
