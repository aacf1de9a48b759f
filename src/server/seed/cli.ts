/**
 * `npm run seed [-- --trademarks N]`: migrates and seeds the configured database. Domains add
 * their generators here; the demo organisations and users are seeded when none exist.
 */
import { configFromEnv } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoData } from './demo.js';
import { prepareClassification } from '../classification/prepareClassification.js';
import { seedTrademarkVolume } from './trademarks.js';

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
  // Generated marks take their goods items from the classification, so import it first.
  await prepareClassification(database.db, config);
  const trademarks = option('trademarks');
  if (trademarks !== undefined) {
    const count = Number(trademarks);
    if (!Number.isSafeInteger(count) || count < 1) throw new Error(`--trademarks 需要正整数：${trademarks}`);
    await seedTrademarkVolume(database.db, count, Number(option('archive-share') ?? '0.2'), console.log);
  }
} finally {
  await database.close();
}
