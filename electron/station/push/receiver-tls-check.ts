// The receiver's certificate and key as Setup checks them before starting it: both files
// readable, PEM, a matching pair, and the certificate valid today. Each problem is a sentence of
// the catalogue's "push" section that says what to do.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { keyed } from '../../../shared/i18n/station-sentences.js';

export type TlsCheck = { ok: true; cert: Buffer; key: Buffer; validTo: Date } | { ok: false; problem: KeyedSentence };

const fail = (problem: KeyedSentence): TlsCheck => ({ ok: false, problem });

function read(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

export function checkReceiverTls(certFile: string, keyFile: string, now: Date): TlsCheck {
  if (!certFile) return fail(keyed('push.check.certMissing'));
  if (!keyFile) return fail(keyed('push.check.keyMissing'));
  const certPem = read(certFile);
  if (!certPem) return fail(keyed('push.check.certUnreadable', { path: certFile }));
  const keyPem = read(keyFile);
  if (!keyPem) return fail(keyed('push.check.keyUnreadable', { path: keyFile }));
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certPem);
  } catch {
    return fail(keyed('push.check.certNotPem', { path: certFile }));
  }
  let key;
  try {
    key = createPrivateKey(keyPem);
  } catch {
    return fail(keyed('push.check.keyNotPem', { path: keyFile }));
  }
  if (!cert.checkPrivateKey(key)) return fail(keyed('push.check.pairMismatch'));
  const validTo = new Date(cert.validTo);
  const validFrom = new Date(cert.validFrom);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  if (validTo.getTime() <= now.getTime()) return fail(keyed('push.check.expired', { date: day(validTo) }));
  if (validFrom.getTime() > now.getTime()) return fail(keyed('push.check.notYetValid', { date: day(validFrom) }));
  return { ok: true, cert: certPem, key: keyPem, validTo };
}
