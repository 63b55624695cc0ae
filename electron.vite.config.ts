import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { injectCspMeta, rendererCsp } from './electron/shell/csp.js';

// The strict Content-Security-Policy goes into index.html at build time only: the development
// server's fast refresh needs an inline script the policy (rightly) refuses. Browser mode sends
// the same policy as a header, with its own WebSocket address added (electron/host).
function cspPlugin(): Plugin {
  return {
    name: 'station-csp',
    apply: 'build',
    transformIndexHtml: (html) => injectCspMeta(html, rendererCsp()),
  };
}

// One build for the three pieces. The renderer is plain web code: the same bundle runs in the
// Electron window and in browser mode (electron/host), so it must not depend on Node.
// STATION_BUILD_PIECES (e.g. "renderer"): `npm start` builds only the pieces whose sources
// changed and that the run needs (electron/launch.ts; browser mode needs the renderer alone).
const only = process.env.STATION_BUILD_PIECES?.split(',').filter(Boolean);
const wanted = <T>(piece: 'main' | 'preload' | 'renderer', config: T): T | undefined => (!only || only.includes(piece) ? config : undefined);

export default defineConfig({
  main: wanted('main', {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { main: resolve(__dirname, 'electron/main.ts') } },
    },
  }),
  preload: wanted('preload', {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { preload: resolve(__dirname, 'electron/preload.ts') },
        // A sandboxed preload cannot be an ES module: CommonJS, named .cjs because the package is "type": "module".
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  }),
  renderer: wanted('renderer', {
    root: resolve(__dirname, 'renderer'),
    plugins: [react(), cspPlugin()],
    build: {
      outDir: 'out/renderer',
      rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } },
    },
  }),
});
