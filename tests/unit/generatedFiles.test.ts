import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { filesOfKind, loadSchemaFiles, projectRoot } from '../../src/schemaSource/schemaFiles.js';
import { operationsFromFiles } from '../../src/schemaSource/operationsFromFiles.js';
import { GENERATED_DIRS, generatedOutputs } from '../../generators/outputs.js';

const current = (path: string) => (existsSync(join(projectRoot, path)) ? readFileSync(join(projectRoot, path), 'utf8') : null);

describe('generated files are what schemas/ produce (run `npm run generate` after changing a schema)', async () => {
  const files = loadSchemaFiles();
  const outputs = await generatedOutputs(files, operationsFromFiles(filesOfKind(files, 'api')));

  for (const [path, content] of Object.entries(outputs)) {
    it(path, () => expect(current(path)).toBe(content));
  }

  it('leaves no file behind that no schema produces', () => {
    const present = GENERATED_DIRS.flatMap((dir) => readdirSync(join(projectRoot, dir)).map((name) => `${dir}/${name}`));
    expect(present.filter((path) => !(path in outputs))).toEqual([]);
  });

  it('gives every record one type, referenced rather than copied', () => {
    const types = outputs['src/generated/types.ts'];
    expect(types.match(/export interface UserInfo \{/g)).toHaveLength(1);
    expect(types).toContain('userInfo: UserInfo;');
    expect(types).toContain('role: Role;');
  });

  it('types the database tables from the entities’ storage and schemas/tables', () => {
    const tables = outputs['src/generated/tables.ts'];
    expect(tables).toContain('  applicant_cn: Generated<string>;');
    expect(tables).toContain('  goods: ColumnType<GoodsItem[], string | undefined, string>;');
    expect(tables).toContain('  created_at: ColumnType<Date, Date | string | undefined, never>;');
    expect(tables).toContain('  brand_archives: BrandArchivesTable;');
  });

  it('carries the entities’ date formats, value names and usual values for lists, imports and exports', () => {
    const formats = outputs['src/generated/fieldFormats.ts'];
    expect(formats).toContain("    prelimDate: 'date',");
    expect(formats).toContain("    source: { 0: '公有云同步', 1: '手动录入', 2: '批量导入', 3: '由案件生成' },");
    expect(formats).toMatch(/tmStatus: \['申请中', '初审公告', /);
  });

  it('types each building block’s props from its description', () => {
    expect(outputs['src/generated/types.ts']).toMatch(/export interface GenericTableProps \{/);
    expect(outputs['src/generated/components.ts']).toContain("'GenericTable',");
    expect(outputs['docs/blocks/GenericTable.md']).toContain('# 通用表格（GenericTable）');
  });
});
