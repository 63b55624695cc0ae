// The desktop window loads the renderer from app://station/ rather than file://: a file:// page
// shares its origin with every other file on the disk (and gets extra privileges), while
// app://station is an origin of its own that serves only the built renderer folder, with the
// same security headers as browser mode (ARCHITECTURE.md § Security defaults). The dev server
// address (ELECTRON_RENDERER_URL) is honoured only in an unpackaged development run.
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { contentTypeOf, resolveStatic, securityHeaders } from '../host/static-files.js';
import { rendererCsp } from './csp.js';
import type { OwnPage } from './ipc-bridge.js';

export const APP_SCHEME = 'app';
export const APP_HOST = 'station';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/** What registerSchemesAsPrivileged needs: a standard, secure scheme that fetch may use. */
export const APP_SCHEME_PRIVILEGES = { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } } as const;

/** Where the window's page comes from: the dev server only when unpackaged, else the app protocol. */
export function rendererPage(options: { isPackaged: boolean; env: NodeJS.ProcessEnv }): OwnPage {
  const dev = options.env.ELECTRON_RENDERER_URL;
  if (!options.isPackaged && dev) return { kind: 'dev', origin: dev };
  return { kind: 'app', indexUrl: APP_INDEX_URL };
}

/** The protocol handler: files of the renderer folder only, GET only, with the page's CSP as a header. */
export function appProtocolHandler(rendererDir: string): (request: { url: string; method?: string }) => Promise<Response> {
  const headers = securityHeaders(rendererCsp({ header: true }));
  const text = (status: number, body: string) => new Response(body, { status, headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' } });
  return async (request) => {
    if (request.method && request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Only GET and HEAD.\n');
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return text(400, 'Bad address.\n');
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return text(404, 'Not found.\n');
    // The app is one page: an address without a file extension is a screen of it.
    const pathname = url.pathname === '/' || !extname(url.pathname) ? '/index.html' : url.pathname;
    const file = resolveStatic(rendererDir, pathname);
    if (!file) return text(404, 'Not found.\n');
    const body = await readFile(file);
    return new Response(body, { status: 200, headers: { ...headers, 'content-type': contentTypeOf(file), 'cache-control': 'no-store' } });
  };
}
