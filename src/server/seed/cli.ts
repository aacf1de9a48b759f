/**
 * `npm run seed [-- --trademarks N]`: migrates and seeds the configured database. Domains add
 * their generators here; the demo organisations and users are seeded when none exist.
 */
import { configFromEnv } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { sql } from 'kysely';
import { seedDemoData } from './demo.js';
import { classificationImported, importClassificationFile } from '../classification/importClassification.js';
import { archiveRegisterMarks, seedRegister } from './trademarks.js';

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
  if (config.classificationFile && !(await classificationImported(database.db))) await importClassificationFile(database.db, config.classificationFile);
  const trademarks = option('trademarks');
  if (trademarks !== undefined) {
    const count = Number(trademarks);
    if (!Number.isSafeInteger(count) || count < 1) throw new Error(`--trademarks 需要正整数：${trademarks}`);
    await seedTrademarks(count, Number(option('archive-share') ?? '0.2'));
  }
} finally {
  await database.close();
}

/**
 * N register marks, then a share of them linked into the demo organisations' archives: the first
 * organisation takes every id ending in 0, the second every id ending in 1, and so on up to the share.
 */
async function seedTrademarks(count: number, archiveShare: number): Promise<void> {
  const started = Date.now();
  let reported = 0;
  const written = await seedRegister(database.db, {
    count,
    onProgress: (done) => {
      if (done - reported >= 50_000 || done === count) {
        reported = done;
        console.log(`商标公告库：已写入 ${done} / ${count}`);
      }
    },
  });
  const orgs = await database.db.selectFrom('organisations').select('id').orderBy('id').execute();
  const buckets = Math.round(Math.min(1, Math.max(0, archiveShare)) * 10);
  for (let b = 0; b < buckets && orgs.length > 0; b++) {
    const org = orgs[b % orgs.length]!;
    const owners = (await database.db.selectFrom('users').select('id').where('org_id', '=', org.id).orderBy('id').execute()).map((u) => u.id);
    const linked = await archiveRegisterMarks(database.db, org.id, owners, sql`r.id % 10 = ${b} and not exists (select 1 from brand_archives a where a.register_id = r.id and a.org_id = ${org.id})`);
    console.log(`组织 ${org.id} 的商标档案：新增 ${linked} 件`);
  }
  await sql`analyze tm_register; analyze brand_archives`.execute(database.db);
  console.log(`完成：公告库新增 ${written} 件，用时 ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
