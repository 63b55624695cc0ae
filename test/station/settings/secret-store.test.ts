import type { SafeStorage } from 'electron';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { aesGcmCipher, nodeSecretCipher } from '../../../electron/station/settings/node-cipher.js';
import { safeStorageCipher, type SafeStorageLike } from '../../../electron/station/settings/safe-storage-cipher.js';
import { FileSecretStore, SecretDecryptError } from '../../../electron/station/settings/secret-store.js';

// Compile-time check (tsc): Electron's own SafeStorage fits the adapter's parameter, so the
// composition root can pass `safeStorage` from 'electron' as is. A type-only import.
type ElectronSafeStorageFits = SafeStorage extends SafeStorageLike ? true : never;
const electronSafeStorageFits: ElectronSafeStorageFits = true;
void electronSafeStorageFits;

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
  dirs.push(dir);
  return dir;
}
const SECRET = 'app-secret-9f8e7d6c5b4a';

describe('file secret store with the Node cipher', () => {
  it('gives back what was stored, across a restart, and never writes it in clear', () => {
    const dir = dataDir();
    const store = new FileSecretStore(join(dir, 'secrets.json'), nodeSecretCipher(join(dir, 'secret.key')));
    store.set('appSecret', SECRET);
    store.set('refreshToken', 'rt-0123456789');
    const reopened = new FileSecretStore(join(dir, 'secrets.json'), nodeSecretCipher(join(dir, 'secret.key')));
    expect(reopened.get('appSecret')).toBe(SECRET);
    expect(reopened.names()).toEqual(['appSecret', 'refreshToken']);
    for (const name of readdirSync(dir)) {
      const bytes = readFileSync(join(dir, name));
      expect(bytes.includes(Buffer.from(SECRET)), name).toBe(false);
      expect(bytes.includes(Buffer.from(Buffer.from(SECRET).toString('base64').slice(0, 16))), name).toBe(false);
    }
  });

  it('creates the key file readable by its owner only', () => {
    const dir = dataDir();
    nodeSecretCipher(join(dir, 'secret.key'));
    expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'secret.key')).size).toBe(32);
  });

  it('a wrong key gives a clear error naming the secret, not its value', () => {
    const dir = dataDir();
    new FileSecretStore(join(dir, 'secrets.json'), nodeSecretCipher(join(dir, 'secret.key'))).set('appSecret', SECRET);
    const otherKey = aesGcmCipher(Buffer.alloc(32, 7));
    const store = new FileSecretStore(join(dir, 'secrets.json'), otherKey);
    expect(() => store.get('appSecret')).toThrow(SecretDecryptError);
    expect(() => store.get('appSecret')).toThrow(/"appSecret" cannot be decrypted with this station's key.*Sign in/);
    try {
      store.get('appSecret');
    } catch (error) {
      expect(String(error)).not.toContain(SECRET);
    }
  });

  it('detects a tampered value instead of returning garbage', () => {
    const dir = dataDir();
    const path = join(dir, 'secrets.json');
    const cipher = nodeSecretCipher(join(dir, 'secret.key'));
    new FileSecretStore(path, cipher).set('accessToken', 'at-abcdef');
    const file = JSON.parse(readFileSync(path, 'utf8'));
    const sealed = Buffer.from(file.secrets.accessToken, 'base64');
    sealed[sealed.length - 1] ^= 1;
    file.secrets.accessToken = sealed.toString('base64');
    writeFileSync(path, JSON.stringify(file));
    expect(() => new FileSecretStore(path, cipher).get('accessToken')).toThrow(SecretDecryptError);
  });

  it('deletes a secret for good and refuses odd names', () => {
    const dir = dataDir();
    const path = join(dir, 'secrets.json');
    const store = new FileSecretStore(path, nodeSecretCipher(join(dir, 'secret.key')));
    store.set('accessToken', 'at-1');
    store.delete('accessToken');
    expect(store.get('accessToken')).toBeUndefined();
    expect(JSON.parse(readFileSync(path, 'utf8')).secrets).toEqual({});
    expect(() => store.set('../escape', 'x')).toThrow(/secret name/);
  });
});

describe('safeStorage adapter', () => {
  // A stand-in with Electron's SafeStorage shape: reversible, not clear text.
  const fakeSafeStorage = (available = true, backend = 'gnome_libsecret'): SafeStorageLike => ({
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString: (text) => Buffer.from(Buffer.from(text, 'utf8').map((b) => b ^ 0x5a)),
    decryptString: (sealed) => Buffer.from(sealed.map((b) => b ^ 0x5a)).toString('utf8'),
  });

  it('stores through safeStorage and reads back', () => {
    const dir = dataDir();
    const store = new FileSecretStore(join(dir, 'secrets.json'), safeStorageCipher(fakeSafeStorage()));
    store.set('appSecret', SECRET);
    expect(store.get('appSecret')).toBe(SECRET);
    expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).not.toContain(SECRET);
  });

  it('refuses to store when the computer offers no secure storage, rather than writing clear text', () => {
    const dir = dataDir();
    const store = new FileSecretStore(join(dir, 'secrets.json'), safeStorageCipher(fakeSafeStorage(false)));
    expect(() => store.set('appSecret', SECRET)).toThrow(/no secure storage/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.runIf(process.platform === 'linux')('refuses the basic_text backend unless allowed', () => {
    expect(() => safeStorageCipher(fakeSafeStorage(true, 'basic_text')).encrypt(Buffer.from('x'))).toThrow(/keyring/);
    expect(() => safeStorageCipher(fakeSafeStorage(true, 'basic_text'), { allowPlainTextBackend: true }).encrypt(Buffer.from('x'))).not.toThrow();
  });
});
