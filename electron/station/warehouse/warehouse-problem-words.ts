// The warehouse database's problems as catalogue keys: a connection that failed (nothing
// listening, a name not known, no answer, wrong password, not let in, no such database, a
// certificate that cannot be checked, no TLS), the reason a desk says the database is away, and
// why warehouse mode could not start. The station logs their English; the desk says them in its
// language. SQLSTATE codes: PostgreSQL manual, Appendix A.
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { keyed } from '../../../shared/i18n/station-sentences.js';

export interface ConnectionPlace {
  host: string;
  port: number;
  user: string;
  database: string;
}

const CERT_CODES = /^(SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|CERT_HAS_EXPIRED|CERT_NOT_YET_VALID|ERR_TLS_CERT_ALTNAME_INVALID|CERT_UNTRUSTED|CERT_SIGNATURE_FAILURE)$/;

interface DriverError {
  code?: string;
  message?: string;
  errors?: { code?: string; message?: string }[];
  sentence?: KeyedSentence;
}

function codeAndMessage(error: unknown): { code: string; message: string } {
  const e = (error ?? {}) as DriverError;
  return { code: e.code ?? e.errors?.[0]?.code ?? '', message: e.message || e.errors?.map((x) => x.message).join('; ') || String(error) };
}

/** The failure of a connection attempt, said so that the person at the desk can act on it. */
export function connectionFailureSentence(error: unknown, where: ConnectionPlace): KeyedSentence {
  const carried = (error as DriverError | undefined)?.sentence;
  if (carried) return carried;
  const { code, message } = codeAndMessage(error);
  const at = `${where.host}:${where.port}`;
  if (code === 'ECONNREFUSED') return keyed('warehouse.db.refused', { at });
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return keyed('warehouse.db.unknownName', { host: where.host });
  if (code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || /timeout/i.test(message)) return keyed('warehouse.db.noAnswer', { at });
  if (code === '28P01') return keyed('warehouse.db.wrongPassword', { user: where.user });
  // pg's words when the server asks for a password (SCRAM) and the desk has none for this address.
  if (/client password must be a string/.test(message)) return keyed('warehouse.db.needPassword', { user: where.user });
  if (code === '28000') return keyed('warehouse.db.notLetIn', { user: where.user, detail: message });
  if (code === '3D000') return keyed('warehouse.db.noDatabase', { database: where.database, at });
  if (CERT_CODES.test(code) || /certificate/i.test(message)) return keyed('warehouse.db.certificate', { detail: message });
  if (/does not support SSL/i.test(message)) return keyed('warehouse.db.noTls', { at });
  return keyed('warehouse.db.failed', { detail: message });
}

/**
 * Why the database is away, from the driver's words ("connect ECONNREFUSED 10.0.0.5:5432",
 * "Connection terminated unexpectedly"): the common ones said in the desk's language, any other
 * kept as the database's own words.
 */
export function awayReasonSentence(reason: string): KeyedSentence {
  if (/ECONNREFUSED/.test(reason)) return keyed('warehouse.db.away.refused');
  if (/ENOTFOUND|EAI_AGAIN/.test(reason)) return keyed('warehouse.db.away.unknownName');
  if (/timeout|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH/i.test(reason)) return keyed('warehouse.db.away.noAnswer');
  if (/terminat|ECONNRESET|EPIPE|Connection ended|57P0[123]|shutting down/i.test(reason)) return keyed('warehouse.db.away.cut');
  return keyed('warehouse.db.away.other', { detail: reason });
}

/** Why warehouse mode could not start or the database refused this desk (its address tells where). */
export function warehouseProblemSentence(error: unknown, url: string): KeyedSentence {
  let where: ConnectionPlace = { host: '', port: 5432, user: '', database: '' };
  try {
    const u = new URL(url);
    where = { host: u.hostname, port: u.port ? Number(u.port) : 5432, user: decodeURIComponent(u.username), database: decodeURIComponent(u.pathname.replace(/^\//, '')) };
  } catch {
    // An address that does not parse carries its own sentence (warehouse-pool.ts).
  }
  return connectionFailureSentence(error, where);
}
