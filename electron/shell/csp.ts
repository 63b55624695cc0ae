// The Content-Security-Policy of the renderer, written once: electron.vite.config.ts injects it
// into index.html at build time (the Electron window reads it from the meta tag) and the
// browser-mode host sends it as a header with its own WebSocket address added
// (ARCHITECTURE.md § Security defaults). Scripts come only from the app's own files: no inline
// script, no eval, no plug-ins, no frames, no foreign connections.

export interface CspOptions {
  /** Extra connect-src sources, e.g. the host's own ws://127.0.0.1:PORT. */
  connect?: string[];
  /** Header-only directives (frame-ancestors is ignored in a meta tag and warns there). */
  header?: boolean;
}

export function rendererCsp(options: CspOptions = {}): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    // Stylesheets only: no <style> element and no style attribute in markup. React sets the few
    // computed styles (virtualised rows, bars) through the CSSOM, which the policy does not block.
    ['style-src', ["'self'"]],
    // Vite inlines small images and sounds as data: URLs; previews of labels are blob: URLs.
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['media-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...(options.connect ?? [])]],
    ['object-src', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['worker-src', ["'self'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
  ];
  if (options.header) directives.push(['frame-ancestors', ["'none'"]]);
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

const META_PATTERN = /<meta\s+http-equiv=["']Content-Security-Policy["'][^>]*>/i;

/** Puts the policy into an HTML page as its meta tag, replacing any there. */
export function injectCspMeta(html: string, csp: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${csp.replace(/"/g, '&quot;')}" />`;
  if (META_PATTERN.test(html)) return html.replace(META_PATTERN, meta);
  // After the charset declaration, which must come first in the document.
  const charset = /<meta\s+charset=[^>]*>/i;
  if (charset.test(html)) return html.replace(charset, (m) => `${m}\n    ${meta}`);
  if (!/<head[^>]*>/i.test(html)) throw new Error('index.html has no <head>: the Content-Security-Policy cannot be injected.');
  return html.replace(/<head([^>]*)>/i, `<head$1>\n    ${meta}`);
}

/** The directives of a policy as a map, for checks (tests, the host's self-test). */
export function parseCsp(csp: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}
