import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // API test files spend much of their time waiting on their database: two cores run three at once and are
    // still idle a fifth of the time (Vitest's default there is one file at a time).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Every file starts a server of its own on a database of its own, so the server's modules can be loaded once
          // per worker instead of once per file (most of an API file's start-up was importing them).
          isolate: false,
          // The migrations and the demo data once per run; each server's database starts as a copy.
          globalSetup: ['tests/api/support/databaseTemplate.ts'],
          env: { TEST_DB_KIND: 'pglite' },
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          isolate: false,
          globalSetup: ['tests/api/support/databaseTemplate.ts'],
          env: { TEST_DB_KIND: 'postgres' },
        },
      },
    ],
  },
});
