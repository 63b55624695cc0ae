// The SecretCipher for production: Electron's safeStorage (OS keychain, DPAPI, libsecret). The
// composition root (electron/main.ts) takes safeStorage from Electron and passes it in, sealing
// its own file (dataPaths(dir).secretsOsSealed); this module never imports Electron, so it
// type-checks and runs in plain Node.
import type { SecretCipher } from './secret-store.js';

/** The part of Electron's SafeStorage this adapter uses (structurally compatible with it). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only in Electron; 'basic_text' means a hard-coded key, i.e. no real protection. */
  getSelectedStorageBackend?(): string;
}

export interface SafeStorageCipherOptions {
  /** Accept Linux's 'basic_text' backend (obfuscation only). Off by default. */
  allowPlainTextBackend?: boolean;
}

/**
 * Wraps safeStorage as a SecretCipher. Refuses to work rather than fall back to clear text when
 * the OS offers no encryption (call it after app 'ready': safeStorage is unavailable before).
 */
export function safeStorageCipher(safeStorage: SafeStorageLike, options: SafeStorageCipherOptions = {}): SecretCipher {
  const ensureAvailable = (): void => {
    if (!safeStorage.isEncryptionAvailable()) {
      throw new Error('This computer offers no secure storage for the marketplace secrets. Set up the system keyring, then start the station again.');
    }
    if (!options.allowPlainTextBackend && process.platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') {
      throw new Error('No keyring (such as GNOME Keyring or KWallet) is running, so secrets would be stored without real protection. Start a keyring, then the station.');
    }
  };
  return {
    encrypt(plain) {
      ensureAvailable();
      return safeStorage.encryptString(plain.toString('utf8'));
    },
    decrypt(sealed) {
      ensureAvailable();
      return Buffer.from(safeStorage.decryptString(sealed), 'utf8');
    },
  };
}
