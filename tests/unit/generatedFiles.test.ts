import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesOfKind, loadSchemaFiles, projectRoot } from '../../src/server/schemaFiles.js';
import { operationsFromFiles } from '../../generators/operations.js';
import { generateTypes } from '../../generators/emitTypes.js';
import { generateRouteTable } from '../../generators/emitRouteTable.js';
import { generateClient } from '../../generators/emitClient.js';
import { generateOpenApi } from '../../generators/emitOpenApi.js';

const current = (name: string) => readFileSync(join(projectRoot, 'src', 'generated', name), 'utf8');

describe('src/generated is what schemas/ produce (run `npm run generate` after changing a schema)', () => {
  const files = loadSchemaFiles();
  const operations = operationsFromFiles(filesOfKind(files, 'api'));
  it('types.ts', async () => expect(current('types.ts')).toBe(await generateTypes(files, operations)));
  it('routes.ts', () => expect(current('routes.ts')).toBe(generateRouteTable(files, operations)));
  it('client.ts', () => expect(current('client.ts')).toBe(generateClient(operations)));
  it('openapi.json', () => expect(current('openapi.json')).toBe(generateOpenApi(files, operations)));

  it('gives every record one type, referenced rather than copied', async () => {
    const types = await generateTypes(files, operations);
    expect(types.match(/export interface UserInfo \{/g)).toHaveLength(1);
    expect(types).toContain('userInfo: UserInfo;');
    expect(types).toContain('role: Role;');
  });
});
