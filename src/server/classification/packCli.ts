/**
 * `npm run pack:classification -- FILE`: turns the public classification table (its tree form)
 * into the compact file shipped in assets/classification, after the same checks as an import.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { compactOf } from './compactClassification.js';
import { fileEdition, SHIPPED_CLASSIFICATION } from './classificationSources.js';

const source = process.argv[2];
if (!source) {
  console.error('请指定分类表文件：npm run pack:classification -- 文件路径');
  process.exit(2);
}
try {
  const table = (await fileEdition(resolve(source))).read();
  mkdirSync(dirname(SHIPPED_CLASSIFICATION), { recursive: true });
  // mtime 0 in the gzip header: the same table always packs to the same bytes, so its digest names the edition.
  writeFileSync(SHIPPED_CLASSIFICATION, gzipSync(JSON.stringify(compactOf(table)), { level: 9 }));
  console.log(`已写入 ${SHIPPED_CLASSIFICATION}：${table.classes.length} 个分类、${table.groups.length} 个类似群、${table.items.length} 个商品和服务项目`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
