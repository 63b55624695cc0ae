// The sandbox's own certificate authority. Generated on first start and kept in the state
// directory, so a client that pinned the CA once keeps trusting restarts. The server
// certificate is signed by that CA for 127.0.0.1 and localhost only.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import selfsigned from 'selfsigned';

export interface SandboxTls {
  caCert: string;
  key: string;
  cert: string;
}

const YEAR_MS = 365 * 86_400_000;

export async function generateTls(now = new Date()): Promise<SandboxTls> {
  const notAfterDate = new Date(now.getTime() + 10 * YEAR_MS);
  const ca = await selfsigned.generate([{ name: 'commonName', value: 'Packing Station Sandbox CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 86_400_000),
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const server = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 86_400_000),
    notAfterDate,
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  return { caCert: ca.cert, key: server.private, cert: server.cert };
}

/** Loads the CA and server certificate from dir, creating them on first use. */
export async function loadOrCreateTls(dir: string): Promise<SandboxTls & { caCertPath: string }> {
  mkdirSync(dir, { recursive: true });
  const caCertPath = join(dir, 'ca.pem');
  const keyPath = join(dir, 'server-key.pem');
  const certPath = join(dir, 'server-cert.pem');
  if (existsSync(caCertPath) && existsSync(keyPath) && existsSync(certPath)) {
    return { caCert: readFileSync(caCertPath, 'utf8'), key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8'), caCertPath };
  }
  const tls = await generateTls();
  writeFileSync(keyPath, tls.key, { mode: 0o600 });
  writeFileSync(certPath, tls.cert);
  writeFileSync(caCertPath, tls.caCert);
  return { ...tls, caCertPath };
}
