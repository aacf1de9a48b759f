/**
 * `npm run generate` writes src/generated/ from schemas/ (TypeScript types, the typed API client,
 * the server's route table, the OpenAPI document, the component names) and docs/blocks/ (one page
 * per building block). With `--check` it writes nothing and fails when any generated file differs
 * from what the schemas produce.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadSchemaFiles, filesOfKind, projectRoot } from '../src/schemaSource/schemaFiles.js';
import { operationsFromFiles } from '../src/schemaSource/operationsFromFiles.js';
import { GENERATED_DIRS, generatedOutputs } from './outputs.js';

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const files = loadSchemaFiles();
  const outputs = await generatedOutputs(files, operationsFromFiles(filesOfKind(files, 'api')));

  const stale: string[] = [];
  for (const [name, content] of Object.entries(outputs)) {
    const path = join(projectRoot, name);
    const current = existsSync(path) ? readFileSync(path, 'utf8') : null;
    if (current === content) continue;
    stale.push(name);
    if (!check) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
    }
  }
  for (const dir of GENERATED_DIRS) {
    if (!existsSync(join(projectRoot, dir))) continue;
    for (const name of readdirSync(join(projectRoot, dir))) {
      const relative = `${dir}/${name}`;
      if (relative in outputs) continue;
      stale.push(relative);
      if (!check) rmSync(join(projectRoot, relative));
    }
  }
  if (check && stale.length > 0) {
    console.error(`生成的文件已过期，请运行 npm run generate：${stale.join(', ')}`);
    process.exit(1);
  }
  console.log(check ? '生成的文件与 schemas/ 一致' : `已生成 ${Object.keys(outputs).length} 个文件，其中 ${stale.length} 个有变化`);
}

await main();
