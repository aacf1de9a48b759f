/**
 * `npm run seed [-- --trademarks N]`: migrates and seeds the configured database. Domains add
 * their generators here; the demo organisations and users are seeded when none exist.
 */
import { configFromEnv } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoData } from './demo.js';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const config = configFromEnv();
const database = await connectDatabase(config);
try {
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) console.log(`已执行迁移：${applied.join('，')}`);
  console.log((await seedDemoData(database.db)) ? '已写入演示组织与账号' : '演示组织与账号已存在');
  const trademarks = option('trademarks');
  if (trademarks !== undefined) {
    console.error(`无法生成 ${trademarks} 件商标：商标档案模块尚未提供数据生成器`);
    process.exitCode = 2;
  }
} finally {
  await database.close();
}
