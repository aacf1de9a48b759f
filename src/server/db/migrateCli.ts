/** `npm run migrate`: brings the configured database (PGlite in DATA_DIR, or DATABASE_URL) up to date. */
import { configFromEnv } from '../config.js';
import { connectDatabase } from './connect.js';
import { migrateToLatest } from './migrate.js';

const database = await connectDatabase(configFromEnv());
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length > 0 ? `已执行迁移：${applied.join('，')}` : '数据库已是最新');
} finally {
  await database.close();
}
