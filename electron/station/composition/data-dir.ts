// Where the station keeps its data when no --data-dir is given: the same folder the desktop app
// uses (Electron's app.getPath('userData') for the app name "packing-station"), so the CLI and
// the app on one desk share settings, secrets, the journal and the invoice series.
import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_FOLDER = 'packing-station';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_FOLDER);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_FOLDER);
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), APP_FOLDER);
}

/** The files and folders inside a data dir, named once. */
export function dataPaths(dataDir: string) {
  return {
    settings: join(dataDir, 'settings.json'),
    /** Secrets sealed with the key file below: the CLI, browser mode, and desktops without a keyring. */
    secrets: join(dataDir, 'secrets.json'),
    secretKey: join(dataDir, 'secret.key'),
    /**
     * Secrets sealed by the operating system's keyring (the desktop app). A separate file: the
     * two ciphers cannot read each other's values, and sharing one file would make each mode
     * destroy the other's sign-in.
     */
    secretsOsSealed: join(dataDir, 'secrets-os.json'),
    journal: join(dataDir, 'journal'),
    invoices: join(dataDir, 'invoices'),
    sandbox: join(dataDir, 'sandbox'),
    waves: join(dataDir, 'waves'),
    /** Product barcodes (EAN, UPC, GTIN, Code 128) linked to SKUs at this desk. */
    barcodes: join(dataDir, 'barcodes.json'),
    /** The desk's operators: names, badge codes, salted scrypt hashes of their PINs. */
    operators: join(dataDir, 'operators.json'),
  };
}
