/** `npm run import:classification -- FILE` (or CLASSIFICATION_FILE): loads the goods and services classification. */
import { configFromEnv } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { importClassificationFile } from './importClassification.js';
import { resolve } from 'node:path';

const config = configFromEnv();
const file = process.argv[2] ? resolve(process.argv[2]) : config.classificationFile;
if (!file) {
  console.error('请指定分类表文件：npm run import:classification -- 文件路径（或设置 CLASSIFICATION_FILE）');
  process.exit(2);
}
const database = await connectDatabase(config);
try {
  await migrateToLatest(database.db);
  const summary = await importClassificationFile(database.db, file);
  console.log(`已导入 ${summary.classes} 个分类、${summary.groups} 个类似群、${summary.items} 个商品和服务项目`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
