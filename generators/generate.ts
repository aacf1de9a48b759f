/**
 * `npm run generate` writes src/generated/ from schemas/: TypeScript types, the typed API client,
 * the server's route table and the OpenAPI document. With `--check` it writes nothing and fails
 * when any generated file differs from what the schemas produce.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSchemaFiles, filesOfKind, projectRoot } from '../src/server/schemaFiles.js';
import { operationsFromFiles } from './operations.js';
import { generateTypes } from './emitTypes.js';
import { generateRouteTable } from './emitRouteTable.js';
import { generateClient } from './emitClient.js';
import { generateOpenApi } from './emitOpenApi.js';

const outDir = join(projectRoot, 'src', 'generated');

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const files = loadSchemaFiles();
  const operations = operationsFromFiles(filesOfKind(files, 'api'));
  const outputs: Record<string, string> = {
    'types.ts': await generateTypes(files, operations),
    'routes.ts': generateRouteTable(files, operations),
    'client.ts': generateClient(operations),
    'openapi.json': generateOpenApi(files, operations),
  };

  const stale: string[] = [];
  for (const [name, content] of Object.entries(outputs)) {
    const path = join(outDir, name);
    const current = existsSync(path) ? readFileSync(path, 'utf8') : null;
    if (current === content) continue;
    stale.push(name);
    if (!check) {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(path, content);
    }
  }
  if (check && stale.length > 0) {
    console.error(`src/generated 已过期，请运行 npm run generate：${stale.join(', ')}`);
    process.exit(1);
  }
  console.log(check ? 'src/generated 与 schemas/ 一致' : `已生成 ${Object.keys(outputs).length} 个文件，其中 ${stale.length} 个有变化`);
}

await main();
