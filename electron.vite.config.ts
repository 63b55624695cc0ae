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
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { main: resolve(__dirname, 'electron/main.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { preload: resolve(__dirname, 'electron/preload.ts') },
        // A sandboxed preload cannot be an ES module: CommonJS, named .cjs because the package is "type": "module".
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [react(), cspPlugin()],
    build: {
      outDir: 'out/renderer',
      rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } },
    },
  },
});
