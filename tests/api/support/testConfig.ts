import { configFromEnv, type ServerConfig } from '../../../src/server/config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the database, migrated and seeded, that each test server's database is copied from. */
    postgresTemplate?: string;
    /** PGlite: a tarball of a data directory, migrated and seeded, that each test server's database starts from. */
    pgliteTemplate?: string;
  }
}

/** The configuration of a test server before the test's own overrides. */
export function baseTestConfig(): ServerConfig {
  return {
    ...configFromEnv({}),
    dataDir: 'memory://',
    // TEST_LOG_LEVEL=error shows what a failing background job logged.
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    loginSlowdownMs: 0,
    webDir: '/nonexistent',
    // A test that wants the upkeep runs it itself.
    statisticsUpkeepMs: 0,
    // A test that sends e-mails or robot posts delivers the outbox itself.
    outboxIntervalMs: 0,
    // Ten thousand rows a test rarely needs: one that does names a file or asks for the shipped edition.
    shippedClassification: false,
  };
}

/** What preparing a database depends on: a server whose configuration agrees here may start from the prepared template. */
export function preparesLikeTemplate(config: ServerConfig): boolean {
  const base = baseTestConfig();
  return (
    config.seedDemo === base.seedDemo &&
    config.classificationFile === base.classificationFile &&
    config.shippedClassification === base.shippedClassification &&
    config.schemasDir === base.schemasDir
  );
}
