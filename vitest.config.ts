import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web app's `@/` imports (apps/web/tsconfig.json paths), for tests of its modules.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/web/', import.meta.url)) }] },
  test: {
    include: ['packages/**/*.test.ts', 'apps/**/*.test.ts', 'bench/**/*.test.ts', 'test/apps/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'e2e/**', 'apps/web/.next/**'],
    globalSetup: ['test/global-setup.ts'],
    // Many cases start servers, the official CLIs and builds: room for a busy machine, which only a
    // hanging case ever waits out.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One process per worker runs file after file: each file no longer pays for a fresh process and
    // a fresh import of the packages (three minutes of a run). Files share that process, so a
    // global a test stubs is put back after each test.
    isolate: false,
    unstubGlobals: true,
    // At least two workers, even on two cores: the suites wait on servers, sandboxes, builds and the
    // database more than they compute (a whole run: 684 s with two, 1,174 s with one, on two cores).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
