// Why a request got no answer, in words the seller's IT person can act on: the name was not
// found, the connection was refused, which certificate problem, a timeout, a proxy; always with
// the address that was tried. Node (undici) puts a system error code on the cause chain
// (ENOTFOUND, ECONNREFUSED, CERT_HAS_EXPIRED...); Electron's net.fetch says net::ERR_... in the
// message. Both are read here.

export interface ConnectionReason {
  kind: 'name' | 'refused' | 'reset' | 'unreachable' | 'certificate' | 'timeout' | 'proxy' | 'other';
  /** The code as the system or the browser engine gave it, for the IT person to search. */
  code?: string;
  sentence: string;
}

const CERTIFICATE_WORDS: Record<string, string> = {
  CERT_HAS_EXPIRED: 'its certificate has expired',
  CERT_NOT_YET_VALID: 'its certificate is not valid yet (check this computer’s date and time)',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed, and this computer does not trust it',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate chain ends in an authority this computer does not trust (a company proxy that inspects HTTPS needs its own authority installed)',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate was issued by an authority this computer does not know',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its certificate was issued by an authority this computer does not know (a company proxy that inspects HTTPS needs its own authority installed)',
  UNABLE_TO_GET_ISSUER_CERT: 'its certificate was issued by an authority this computer does not know',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate was issued for another name than the address',
  CERT_REVOKED: 'its certificate has been revoked',
  'net::ERR_CERT_AUTHORITY_INVALID': 'its certificate was issued by an authority this computer does not trust',
  'net::ERR_CERT_DATE_INVALID': 'its certificate has expired or is not valid yet (check this computer’s date and time)',
  'net::ERR_CERT_COMMON_NAME_INVALID': 'its certificate was issued for another name than the address',
  'net::ERR_CERT_REVOKED': 'its certificate has been revoked',
};

const CERT_CODE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_TLS/;

/** Every code and message on the cause chain, outermost first. */
function chain(cause: unknown): { codes: string[]; messages: string[] } {
  const codes: string[] = [];
  const messages: string[] = [];
  let e = cause as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown[] } | undefined;
  for (let depth = 0; e && depth < 6; depth++) {
    if (typeof e.code === 'string') codes.push(e.code);
    if (typeof e.message === 'string') messages.push(e.message);
    // An AggregateError (several addresses tried) carries its reasons in errors[].
    if (Array.isArray(e.errors)) for (const x of e.errors) if (x && typeof (x as { code?: unknown }).code === 'string') codes.push((x as { code: string }).code);
    e = e.cause as typeof e;
  }
  const net = messages.join(' ').match(/net::ERR_[A-Z_]+/g) ?? [];
  return { codes: [...codes, ...net], messages };
}

/** The reason a request to `address` got no answer. */
export function connectionReason(cause: unknown, address: URL): ConnectionReason {
  const { codes } = chain(cause);
  const host = address.hostname;
  const where = address.port ? `${host} port ${address.port}` : `${host} (port 443)`;
  const has = (...c: string[]) => codes.find((x) => c.includes(x));
  const cert = codes.find((c) => CERT_CODE.test(c));
  if (cert) return { kind: 'certificate', code: cert, sentence: `${host} answered, but ${CERTIFICATE_WORDS[cert] ?? `its certificate is not trusted (${cert})`}.` };
  let code = has('ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'net::ERR_NAME_NOT_RESOLVED', 'net::ERR_NAME_RESOLUTION_FAILED');
  if (code) return { kind: 'name', code, sentence: `The name ${host} was not found (DNS): check the spelling of the address, and that this computer can look names up.` };
  code = has('net::ERR_PROXY_CONNECTION_FAILED', 'net::ERR_TUNNEL_CONNECTION_FAILED', 'net::ERR_PROXY_AUTH_UNSUPPORTED', 'net::ERR_PROXY_CERTIFICATE_INVALID', 'net::ERR_MANDATORY_PROXY_CONFIGURATION_FAILED', 'UND_ERR_PRX_TLS');
  if (code) return { kind: 'proxy', code, sentence: `The proxy server between this computer and ${host} failed or refused the connection: check the proxy settings of this computer.` };
  code = has('ECONNREFUSED', 'net::ERR_CONNECTION_REFUSED');
  if (code) return { kind: 'refused', code, sentence: `${where} refused the connection: nothing answers there. Check the address and port, and any firewall on the way.` };
  code = has('ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'net::ERR_CONNECTION_RESET', 'net::ERR_CONNECTION_CLOSED');
  if (code) return { kind: 'reset', code, sentence: `${where} accepted the connection and then dropped it: a firewall or proxy may be cutting it. Try again; if it keeps happening, check them.` };
  code = has('EHOSTUNREACH', 'ENETUNREACH', 'net::ERR_ADDRESS_UNREACHABLE', 'net::ERR_INTERNET_DISCONNECTED');
  if (code) return { kind: 'unreachable', code, sentence: `${host} cannot be reached from this computer (no network route): check the network connection.` };
  code = has('ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'net::ERR_TIMED_OUT', 'net::ERR_CONNECTION_TIMED_OUT');
  if (code || (cause as Error)?.name === 'TimeoutError') return { kind: 'timeout', code, sentence: `${where} did not answer in time: the marketplace may be slow, or a firewall is silently dropping the connection.` };
  const first = codes[0];
  return { kind: 'other', code: first, sentence: `The connection to ${host} failed: ${(cause as Error)?.message ?? String(cause)}${first ? ` (${first})` : ''}.` };
}
