import type { CaseManageCaseTypeVersionUsageResponse } from '../../generated/types.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import { caseTypeVersion, defaultStatuses } from './caseTypes.js';

type VersionUsage = CaseManageCaseTypeVersionUsageResponse['list'][number];

/** The final statuses of the version a case was created with; the default ones when that version is gone. */
async function finalStatuses(db: ScopedDb, schemas: SchemaLibrary, name: string, versionId: number | null): Promise<Set<string>> {
  const statuses = await caseTypeVersion(db, schemas, name, versionId)
    .then((type) => type.statuses)
    .catch(() => defaultStatuses(schemas));
  return new Set(statuses.filter((s) => s.final).map((s) => s.key));
}

/**
 * How many live cases use each version of a case type (or of every type), and how many of them are
 * still open, that is, in a status that version does not mark final.
 */
export async function caseTypeVersionUsage(db: ScopedDb, schemas: SchemaLibrary, caseType?: string): Promise<VersionUsage[]> {
  let query = db
    .selectFrom('cases')
    .select(['case_type', 'type_version', 'type_version_id', 'status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('deleted_at', 'is', null)
    .groupBy(['case_type', 'type_version', 'type_version_id', 'status']);
  if (caseType) query = query.where('case_type', '=', caseType);
  const rows = await query.execute();
  const finals = new Map<string, Set<string>>();
  const usage = new Map<string, VersionUsage>();
  for (const row of rows) {
    const key = `${row.case_type}\u0000${row.type_version}`;
    let final = finals.get(key);
    if (!final) {
      final = await finalStatuses(db, schemas, row.case_type, row.type_version_id);
      finals.set(key, final);
    }
    const entry = usage.get(key) ?? {
      caseType: row.case_type,
      version: row.type_version,
      versionTitle: row.type_version === 0 ? '内置版本' : `第 ${row.type_version} 版`,
      openCount: 0,
      totalCount: 0,
    };
    const n = Number(row.n);
    entry.totalCount += n;
    if (!final.has(row.status)) entry.openCount += n;
    usage.set(key, entry);
  }
  return [...usage.values()].sort((a, b) => a.caseType.localeCompare(b.caseType) || b.version - a.version);
}
