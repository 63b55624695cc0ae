import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// One build for the three pieces. The renderer is plain web code: the same bundle runs in the
// Electron window and in browser mode (electron/host), so it must not depend on Node.
export default defineConfig({
  main: {
    build: {
      rollupOptions: { input: { main: resolve(__dirname, 'electron/main.ts') } },
    },
  },
  preload: {
    build: {
      rollupOptions: { input: { preload: resolve(__dirname, 'electron/preload.ts') } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [react()],
    build: {
      rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } },
    },
  },
});
