import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../../../src/server/db/connect.js';
import { prepareDatabase } from '../../../src/server/prepareDatabase.js';
import { baseTestConfig } from './testConfig.js';
import { awaitUnused, createUtf8Database, dropDatabase } from './postgresDatabases.js';

/**
 * Global setup of the API projects: the migrations and the demo data run once per run instead of once
 * per test server. A server whose configuration prepares its database the same way starts from a copy
 * (testServer.ts), where preparing it again at start finds nothing left to do.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env?.TEST_DB_KIND;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (kind === 'postgres' && adminUrl) {
    const template = await createUtf8Database(adminUrl, `ipm_template_${randomBytes(6).toString('hex')}`);
    try {
      const database = await connectDatabase({ dataDir: 'memory://', databaseUrl: template.url });
      try {
        await prepareDatabase(database.db, baseTestConfig());
      } finally {
        await database.close();
      }
      await awaitUnused(adminUrl, template.name);
    } catch (error) {
      await dropDatabase(adminUrl, template.name);
      throw error;
    }
    project.provide('postgresTemplate', template.name);
    return () => dropDatabase(adminUrl, template.name);
  }
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'ipm-pglite-template-'));
    const database = await connectDatabase({ dataDir: 'memory://' });
    try {
      await prepareDatabase(database.db, baseTestConfig());
      // Written out, a copy starts without replaying the log.
      await sql`checkpoint`.execute(database.db);
      const file = join(dir, 'data.tar');
      writeFileSync(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
      project.provide('pgliteTemplate', file);
    } finally {
      await database.close();
    }
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  return async () => {};
}
