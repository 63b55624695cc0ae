import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['node_modules/**', 'test/bench/**', 'test/e2e/artifacts/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // CI's short job writes one report per Node line (STATION_TEST_REPORT).
    reporters: ['default', ['json', { outputFile: process.env.STATION_TEST_REPORT || 'test-results/vitest.json' }]],
  },
});
