import type { JsonSchema } from '../shared/operation.js';
import { STORAGE_KEYWORDS } from '../shared/schemaKeywords.js';
import type { SchemaFile } from './schemaFiles.js';
import { filesOfKind } from './schemaFiles.js';
import { tableDescriptions } from './tableDescriptions.js';

export interface TableProblem {
  file: string;
  at?: string;
  message: string;
}

/**
 * What the meta-schemas cannot say about the tables: each table is described once, an entity's
 * `x-table` names a described table, storage keywords sit only where a table is described, column
 * names do not repeat, and a tenant table has its organisation column.
 */
export function collectTableProblems(files: SchemaFile[]): TableProblem[] {
  const problems: TableProblem[] = [];
  const tables = tableDescriptions(files);
  const describedIn = new Map<string, string>();
  for (const t of tables) {
    const first = describedIn.get(t.table);
    if (first) problems.push({ file: t.file, message: `数据表 ${t.table} 已由 schemas/${first} 描述，一张表只能描述一次` });
    else describedIn.set(t.table, t.file);
    const seen = new Set<string>();
    for (const c of t.columns) {
      if (seen.has(c.name)) problems.push({ file: t.file, message: `数据表 ${t.table} 的列 ${c.name} 重复` });
      seen.add(c.name);
    }
    const org = t.columns.find((c) => c.name === 'org_id');
    if (t.tenant && (!org || org.nullable || org.sql !== 'integer'))
      problems.push({ file: t.file, message: `数据表 ${t.table} 属于组织（tenant），必须有非空的整数列 org_id` });
  }
  for (const f of filesOfKind(files, 'entities')) {
    const table = f.body['x-table'];
    if (typeof table === 'string' && !describedIn.has(table))
      problems.push({ file: f.file, at: '/x-table', message: `数据表 ${table} 没有描述（实体的 x-storage 或 schemas/tables）` });
    if (f.body['x-storage']) continue;
    for (const [name, property] of Object.entries((f.body.properties ?? {}) as Record<string, JsonSchema>)) {
      const used = STORAGE_KEYWORDS.filter((key) => key in property);
      if (used.length > 0) problems.push({ file: f.file, at: `/properties/${name}`, message: `${used.join('、')} 只用在描述数据表（带 x-storage）的实体上` });
    }
  }
  return problems;
}
