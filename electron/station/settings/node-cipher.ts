// The SecretCipher for plain Node (the headless CLI, tests, machines without a keyring):
// AES-256-GCM with a random key kept in a file readable by its owner only. GCM authenticates,
// so a wrong key or a tampered value fails loudly instead of returning garbage.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, writeSync, fsyncSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SecretCipher } from './secret-store.js';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = 1;

/** The key file is created (mode 0600) when missing; an existing one is tightened to 0600. */
export function loadOrCreateKey(keyPath: string): Buffer {
  mkdirSync(dirname(keyPath), { recursive: true });
  if (!existsSync(keyPath)) {
    const key = randomBytes(KEY_BYTES);
    try {
      // 'wx': never overwrite a key another process just created; that would orphan its secrets.
      const fd = openSync(keyPath, 'wx', 0o600);
      writeSync(fd, key);
      fsyncSync(fd);
      closeSync(fd);
      return key;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  if (process.platform !== 'win32' && (statSync(keyPath).mode & 0o077) !== 0) chmodSync(keyPath, 0o600);
  const key = readFileSync(keyPath);
  if (key.length !== KEY_BYTES) throw new Error(`The key file ${keyPath} is damaged (wrong length). Remove it and sign in again.`);
  return key;
}

/** Layout of a sealed value: format byte, IV, GCM tag, ciphertext. */
export function aesGcmCipher(key: Buffer): SecretCipher {
  if (key.length !== KEY_BYTES) throw new Error('An AES-256 key has 32 bytes.');
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([Buffer.from([FORMAT]), iv, cipher.getAuthTag(), body]);
    },
    decrypt(sealed) {
      if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== FORMAT) throw new Error('Not a sealed secret of this station.');
      const iv = sealed.subarray(1, 1 + IV_BYTES);
      const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
    },
  };
}

/** The Node cipher with its key file at keyPath (e.g. <data dir>/secret.key). */
export function nodeSecretCipher(keyPath: string): SecretCipher {
  return aesGcmCipher(loadOrCreateKey(keyPath));
}
