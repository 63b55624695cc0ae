// Secrets (the application secret, access and refresh tokens) behind an interface, encrypted at
// rest by an injected cipher: Electron safeStorage in production (safe-storage-cipher.ts), an
// AES-256-GCM key file for the CLI and tests (node-cipher.ts). Only the main process holds
// them; nothing here logs a value, and errors name the secret, never its content.
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeFileDurably } from '../journal/durable-file.js';

export interface SecretCipher {
  encrypt(plain: Buffer): Buffer;
  decrypt(sealed: Buffer): Buffer;
}

export interface SecretStore {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
  delete(name: string): void;
}

/** The stored secrets cannot be opened with the cipher at hand (other key, other machine). */
export class SecretDecryptError extends Error {
  constructor(readonly secretName: string) {
    super(
      `The stored secret "${secretName}" cannot be decrypted with this station's key ` +
        '(the key was replaced, or the data folder was copied from another computer). ' +
        'Sign in to the marketplace again to store it anew.',
    );
    this.name = 'SecretDecryptError';
  }
}

const SecretName = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'A secret name uses letters, digits, ".", "_" and "-" only.');
const SecretFile = z.object({ format: z.literal(1), secrets: z.record(z.string(), z.string()) });

/** Secrets in one JSON file of encrypted, base64-encoded values, replaced atomically. */
export class FileSecretStore implements SecretStore {
  private secrets: Record<string, string>;

  constructor(
    private readonly path: string,
    private readonly cipher: SecretCipher,
  ) {
    this.secrets = this.load();
  }

  private load(): Record<string, string> {
    if (!existsSync(this.path)) return {};
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(this.path, 'utf8'));
    } catch {
      raw = undefined;
    }
    const parsed = SecretFile.safeParse(raw);
    if (!parsed.success) throw new Error(`The secret file ${this.path} is damaged. Remove it and sign in to the marketplace again.`);
    return parsed.data.secrets;
  }

  get(name: string): string | undefined {
    const sealed = this.secrets[SecretName.parse(name)];
    if (sealed === undefined) return undefined;
    try {
      return this.cipher.decrypt(Buffer.from(sealed, 'base64')).toString('utf8');
    } catch {
      throw new SecretDecryptError(name);
    }
  }

  set(name: string, value: string): void {
    const sealed = this.cipher.encrypt(Buffer.from(value, 'utf8')).toString('base64');
    this.save({ ...this.secrets, [SecretName.parse(name)]: sealed });
  }

  delete(name: string): void {
    if (!(name in this.secrets)) return;
    const { [name]: _removed, ...rest } = this.secrets;
    this.save(rest);
  }

  /** Names only, for a settings screen that shows which secrets are present. */
  names(): string[] {
    return Object.keys(this.secrets).sort();
  }

  private save(next: Record<string, string>): void {
    writeFileDurably(this.path, `${JSON.stringify({ format: 1, secrets: next }, null, 1)}\n`, 0o600);
    this.secrets = next;
  }
}

/** Secrets in memory only, for tests of code that needs a SecretStore. */
export class MemorySecretStore implements SecretStore {
  private readonly values = new Map<string, string>();
  get(name: string): string | undefined {
    return this.values.get(name);
  }
  set(name: string, value: string): void {
    this.values.set(name, value);
  }
  delete(name: string): void {
    this.values.delete(name);
  }
}
