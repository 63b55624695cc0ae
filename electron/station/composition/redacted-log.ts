// The log file of browser mode and of the `station` command, redacted exactly as the desktop app's
// (shell/log-redaction.ts, the same registry and patterns, electron-log's Node logger instead of
// its Electron one): every value the secret store holds or hands out, and every secret-looking
// shape, is masked before a line reaches the file or the terminal.
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import nodeLog from 'electron-log/node';
import { installLogRedaction, SecretRegistry, watchedSecretStore } from '../../shell/log-redaction.js';
import type { SecretStore } from '../settings/secret-store.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files.js';

/** Browser mode's log and the command line's, in the data folder's logs/ (the app's is main.log). */
export const BROWSER_LOG_FILE = 'browser.log';
export const CLI_LOG_FILE = 'station.log';

export interface RedactedLog {
  /** Writes one line to the file (masked). */
  line(text: string): void;
  /** The same masking, for a line shown on the terminal. */
  redact(text: string): string;
  /** A secret store whose values the log learns as they pass (and all it holds already). */
  watch(secrets: SecretStore): SecretStore;
  /** A value to mask that does not live in the secret store (an environment variable). */
  learn(value: string | undefined): void;
}

type Listable = SecretStore & { names?(): string[] };

export function openRedactedLog(dataDir: string, file: string): RedactedLog {
  const registry = new SecretRegistry();
  const log = nodeLog.create({ logId: `${file}:${dataDir}` });
  log.transports.console.level = false;
  // Private like every file of the data folder (composition/private-files.ts).
  const folder = join(dataDir, 'logs');
  mkdirSync(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(folder, PRIVATE_DIR_MODE);
  log.transports.file.resolvePathFn = () => join(folder, file);
  log.transports.file.writeOptions = { flag: 'a', mode: PRIVATE_FILE_MODE, encoding: 'utf8' };
  installLogRedaction(log, registry);
  return {
    line: (text) => log.info(text),
    redact: (text) => registry.redact(text),
    watch(secrets: Listable) {
      for (const name of secrets.names?.() ?? []) {
        try {
          registry.add(secrets.get(name));
        } catch {
          // A value sealed with another key cannot be read, so it cannot be logged either.
        }
      }
      return watchedSecretStore(secrets, registry);
    },
    learn: (value) => registry.add(value),
  };
}
