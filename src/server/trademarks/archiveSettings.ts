import { sql, type CompiledQuery, type Kysely, type Selectable } from 'kysely';
import type { ScopedDb } from '../db/tenantScope.js';
import type { ArchiveSettingsTable, Database } from '../db/tables.js';
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
  const settings: ArchiveSettings = row
    ? {
        defaultView: row.default_view,
        sortField: row.sort_field as ArchiveSettings['sortField'],
        sortType: row.sort_type,
        expiryReminderMonths: row.expiry_reminder_months,
      }
    : DEFAULT_ARCHIVE_SETTINGS;
  lastReadSorts.set(orgId, { sortField: settings.sortField, sortType: settings.sortType });
  return settings;
}

export type ArchiveSort = Pick<ArchiveSettings, 'sortField' | 'sortType'>;

/**
 * Each organisation's default sort as this process last read it. An archive page without a chosen
 * sort is read in that order straight away, and the page statement reads the setting as well
 * (`defaultSortColumn`): only when another process has changed it since is the page read again.
 * That saves the settings read before the page, a round trip of the archive's most frequent call.
 */
const lastReadSorts = new BoundedCache<number, ArchiveSort>(10_000);

export const lastReadDefaultSort = (orgId: number): ArchiveSort | undefined => lastReadSorts.peek(orgId);

/** The `default_sort` column of a page statement: the organisation's default sort as the page reads it, null while the defaults apply. */
export function defaultSortColumn(db: Kysely<Database>, orgId: number) {
  return db
    .selectFrom('archive_settings')
    .select(sql<string>`sort_field || '|' || sort_type`.as('sort'))
    .where('org_id', '=', orgId)
    .as('default_sort');
}

/** Whether a page's `default_sort` column says the default sort is `sort`. */
export function isDefaultSort(column: string | null | undefined, sort: ArchiveSort): boolean {
  const current = column ?? `${DEFAULT_ARCHIVE_SETTINGS.sortField}|${DEFAULT_ARCHIVE_SETTINGS.sortType}`;
  return current === `${sort.sortField}|${sort.sortType}`;
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
