// The built renderer (out/renderer) served as static files: only files inside that folder, only
// GET and HEAD, with the headers of a page that must not be framed, sniffed or cached stale.
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export function securityHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
}

/** The file a request path names inside root, or undefined when it points outside or nowhere. */
export function resolveStatic(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const base = resolve(root);
  const file = resolve(join(base, normalize(decoded)));
  if (file !== base && !file.startsWith(base + sep)) return undefined;
  if (!existsSync(file) || !statSync(file).isFile()) return undefined;
  return file;
}

export function serveStatic(req: IncomingMessage, res: ServerResponse, root: string, csp: string): void {
  const headers = securityHeaders(csp);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...headers, allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Only GET and HEAD.\n');
    return;
  }
  const pathname = new URL(req.url ?? '/', 'http://host').pathname;
  const index = join(root, 'index.html');
  if (!existsSync(index)) {
    res.writeHead(503, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end(`The app is not built yet (${index} is missing). Run "npm run build" and reload.\n`);
    return;
  }
  // The app is one page: an address without a file extension is a screen of it.
  const file = pathname === '/' || !extname(pathname) ? index : resolveStatic(root, pathname);
  if (!file) {
    res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end('Not found.\n');
    return;
  }
  const isIndex = file === index;
  res.writeHead(200, {
    ...headers,
    'content-type': contentTypeOf(file),
    'content-length': String(statSync(file).size),
    // Hashed asset names change with every build; the page itself must always be fresh.
    'cache-control': isIndex ? 'no-store' : 'public, max-age=31536000, immutable',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}
