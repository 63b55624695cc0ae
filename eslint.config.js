// Lint, and the layer rules of the architecture (ARCHITECTURE.md § Layers):
// - shared/ imports nothing from electron/ or renderer/, no 'electron', no 'node:*', no React;
// - renderer/ imports no 'electron' and no 'node:*', and nothing from electron/;
// - electron/station and electron/sandbox import no 'electron' (their Electron pieces come in as
//   parameters); only main.ts and preload.ts do;
// - nothing imports the sandbox except the composition root, the CLI, the host and tests;
// - electron/files (private and durable files) sits below the station, the sandbox and the host,
//   which all use it: it imports none of them.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'net', 'http', 'https', 'tls', 'stream', 'url', 'util', 'events'];

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'test-results/**', 'test/e2e/artifacts/**', '.station/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: restrict([
      { group: ['electron', 'electron/*', 'react', 'react-dom', 'react/*', 'zustand', ...nodeBuiltins], message: 'shared/ runs on both sides: no electron, no node:*, no React.' },
      { group: ['**/electron/**', '**/renderer/**'], message: 'shared/ imports nothing from electron/ or renderer/.' },
    ]),
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: restrict([
      { group: ['electron', 'electron/*', ...nodeBuiltins], message: 'The renderer talks to the main process only through the station contract.' },
      { group: ['**/electron/**'], message: 'The renderer imports nothing from electron/; use shared/ and the contract.' },
    ]),
  },
  {
    files: ['electron/station/**/*.ts', 'electron/sandbox/**/*.ts', 'electron/host/**/*.ts'],
    rules: restrict([
      { group: ['electron', 'electron/*'], message: 'Only electron/main.ts and electron/preload.ts import electron; pass Electron pieces in as parameters.' },
      { group: ['**/renderer/**'], message: 'Main-process code does not import the renderer.' },
    ]),
  },
  {
    files: ['electron/files/**/*.ts'],
    rules: restrict([
      { group: ['electron', 'electron/*'], message: 'Only electron/main.ts and electron/preload.ts import electron.' },
      { group: ['**/station/**', '**/sandbox/**', '**/host/**', '**/shell/**', '**/renderer/**'], message: 'electron/files sits below the station, the sandbox and the host: it imports none of them.' },
    ]),
  },
  {
    files: ['electron/station/**/*.ts'],
    ignores: ['electron/station/cli/**'],
    rules: restrict([
      { group: ['electron', 'electron/*'], message: 'Only electron/main.ts and electron/preload.ts import electron; pass Electron pieces in as parameters.' },
      { group: ['**/renderer/**'], message: 'Main-process code does not import the renderer.' },
      { group: ['**/sandbox/**'], message: 'Station services never import the sandbox; only the composition root, the CLI and tests do.' },
    ]),
  },
);
