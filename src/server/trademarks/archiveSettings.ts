import type { CompiledQuery, Selectable } from 'kysely';
import type { ScopedDb } from '../db/tenantScope.js';
import type { ArchiveSettingsTable } from '../db/tables.js';
import { BoundedCache } from '../boundedCache.js';
import { prepareOnEachConnection } from '../db/preparedStatements.js';
import type { BrandArchivesGetGlobalConfigurationResponse as ArchiveSettings } from '../../generated/types.js';

export const DEFAULT_ARCHIVE_SETTINGS: ArchiveSettings = { defaultView: 'card', sortField: 'app_date', sortType: 'desc', expiryReminderMonths: 6 };

/** The organisation's settings row (none until first saved: the defaults apply). */
export const archiveSettingsQuery = (db: ScopedDb, orgId: number) => db.selectFrom('archive_settings').selectAll().where('org_id', '=', orgId);

/**
 * The read compiled once per organisation: archive pages without a chosen sort read it on every
 * request. Its SQL text, the tenant plugin's condition included, is the same for every
 * organisation, so PostgreSQL prepares it once per connection.
 */
const compiledReads = new BoundedCache<number, CompiledQuery<Selectable<ArchiveSettingsTable>>>(10_000);

export async function readArchiveSettings(db: ScopedDb, orgId: number): Promise<ArchiveSettings> {
  const read = compiledReads.get(orgId, () => {
    const compiled = archiveSettingsQuery(db, orgId).compile();
    prepareOnEachConnection(compiled.sql);
    return compiled;
  });
  const [row] = (await db.executeQuery(read)).rows;
  if (!row) return DEFAULT_ARCHIVE_SETTINGS;
  return { defaultView: row.default_view, sortField: row.sort_field as ArchiveSettings['sortField'], sortType: row.sort_type, expiryReminderMonths: row.expiry_reminder_months };
}

export async function saveArchiveSettings(db: ScopedDb, orgId: number, userId: number, settings: ArchiveSettings): Promise<ArchiveSettings> {
  const values = {
    default_view: settings.defaultView,
    sort_field: settings.sortField,
    sort_type: settings.sortType,
    expiry_reminder_months: settings.expiryReminderMonths,
    updated_by: userId,
  };
  await db
    .insertInto('archive_settings')
    .values({ org_id: orgId, ...values })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
  return readArchiveSettings(db, orgId);
}
