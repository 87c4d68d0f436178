import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            // The end-to-end tests' pure helpers (the contrast of a focus ring); Playwright's own tests stay in e2e/tests.
            'e2e/lib/**/*.test.ts',
          ],
          environment: 'node',
          // Vitest's default in a run is one worker fewer than the cores: one on CI's two.
          maxWorkers: 2,
          // A few unit tests are CPU-bound (zip bombs inflated, PDFs parsed): about 1.5 s each on a quiet machine, past
          // Vitest's 5 s default when CI's two cores are shared; 15 s keeps them within a third of their timeout.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts'],
          environment: 'node',
          // Migrates one database per run, which each file copies (a PGlite tarball, a PostgreSQL template).
          globalSetup: ['apps/server/test/database-template.ts'],
          // Each file opens its own database; two at a time suits two cores.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
