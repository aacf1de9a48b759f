import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import * as foundation from './migrations/0001_foundation.js';
import * as classification from './migrations/0002_classification.js';
import * as workbench from './migrations/0003_workbench.js';
import * as siteContent from './migrations/0004_site_content.js';
import * as verification from './migrations/0005_verification.js';
import * as memos from './migrations/0006_memos.js';
import * as displayPreferences from './migrations/0007_display_preferences.js';
import * as files from './migrations/0008_files.js';
import * as uploadSessions from './migrations/0009_upload_sessions.js';
import * as countryTrees from './migrations/0010_country_trees.js';
import * as trademarks from './migrations/0011_trademarks.js';
import * as customFields from './migrations/0012_custom_fields.js';
import * as brandLabels from './migrations/0013_brand_labels.js';
import * as batchTasks from './migrations/0014_batch_tasks.js';
import * as archiveSettings from './migrations/0015_archive_settings.js';
import * as logoHashes from './migrations/0016_logo_hashes.js';
import * as brandImportExport from './migrations/0017_brand_import_export.js';
import * as expiryIndex from './migrations/0018_expiry_index.js';
import * as archiveTextSearch from './migrations/0019_archive_text_search.js';
import * as classStatusIndex from './migrations/0020_class_status_index.js';
import * as officialDocuments from './migrations/0021_official_documents.js';
import * as registerTextSearch from './migrations/0022_register_text_search.js';
import * as archiveStatisticsIndex from './migrations/0023_archive_statistics_index.js';
import * as archiveSortIndexes from './migrations/0024_archive_sort_indexes.js';
import * as archiveTextEstimates from './migrations/0025_archive_text_estimates.js';
import * as archiveAppNoContains from './migrations/0026_archive_app_no_contains.js';
import * as numberContains from './migrations/0027_number_contains.js';
import * as loginFailures from './migrations/0028_login_failures.js';
import * as externalToolAddresses from './migrations/0029_external_tool_addresses.js';
import * as classificationEdition from './migrations/0030_classification_edition.js';
import * as importWriteCursor from './migrations/0031_import_write_cursor.js';
import * as departmentsAndUserAdmin from './migrations/0032_departments_and_user_admin.js';
import * as roleDeletion from './migrations/0033_role_deletion.js';
import * as feePricesAndLogAddress from './migrations/0034_fee_prices_and_log_address.js';
import * as messageChannels from './migrations/0035_message_channels.js';
import * as directUploads from './migrations/0036_direct_uploads.js';
import * as enterpriseProfile from './migrations/0037_enterprise_profile.js';
import * as trialApplications from './migrations/0038_trial_applications.js';
import * as fileImageHashes from './migrations/0039_file_image_hashes.js';
import * as cases from './migrations/0040_cases.js';
import * as caseArchive from './migrations/0041_case_archive.js';
import * as caseListIndexes from './migrations/0042_case_list_indexes.js';
import * as officialLetters from './migrations/0043_official_letters.js';
import * as deadlineReminders from './migrations/0044_deadline_reminders.js';
import * as officialFeePrices from './migrations/0046_official_fee_prices.js';
import * as letterListIndexes from './migrations/0047_letter_list_indexes.js';
import * as demands from './migrations/0048_demands.js';
import * as caseStageReminders from './migrations/0050_case_stage_reminders.js';
import * as finance from './migrations/0054_finance.js';
import * as gazetteWatch from './migrations/0055_gazette_watch.js';
import * as licences from './migrations/0051_licences.js';
import * as useEvidence from './migrations/0053_use_evidence.js';
import * as reportIndexes from './migrations/0056_report_indexes.js';
import * as disputes from './migrations/0052_disputes.js';
import * as numberTrigramsOnLower from './migrations/0057_number_trigrams_on_lower.js';
import type { Database } from './tables.js';

/** Migrations in order; the same list runs on PGlite and on PostgreSQL. */
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_classification': classification,
  '0003_workbench': workbench,
  '0004_site_content': siteContent,
  '0005_verification': verification,
  '0006_memos': memos,
  '0007_display_preferences': displayPreferences,
  '0008_files': files,
  '0009_upload_sessions': uploadSessions,
  '0010_country_trees': countryTrees,
  '0011_trademarks': trademarks,
  '0012_custom_fields': customFields,
  '0013_brand_labels': brandLabels,
  '0014_batch_tasks': batchTasks,
  '0015_archive_settings': archiveSettings,
  '0016_logo_hashes': logoHashes,
  '0017_brand_import_export': brandImportExport,
  '0018_expiry_index': expiryIndex,
  '0019_archive_text_search': archiveTextSearch,
  '0020_class_status_index': classStatusIndex,
  '0021_official_documents': officialDocuments,
  '0022_register_text_search': registerTextSearch,
  '0023_archive_statistics_index': archiveStatisticsIndex,
  '0024_archive_sort_indexes': archiveSortIndexes,
  '0025_archive_text_estimates': archiveTextEstimates,
  '0026_archive_app_no_contains': archiveAppNoContains,
  '0027_number_contains': numberContains,
  '0028_login_failures': loginFailures,
  '0029_external_tool_addresses': externalToolAddresses,
  '0030_classification_edition': classificationEdition,
  '0031_import_write_cursor': importWriteCursor,
  '0032_departments_and_user_admin': departmentsAndUserAdmin,
  '0033_role_deletion': roleDeletion,
  '0034_fee_prices_and_log_address': feePricesAndLogAddress,
  '0035_message_channels': messageChannels,
  '0036_direct_uploads': directUploads,
  '0037_enterprise_profile': enterpriseProfile,
  '0038_trial_applications': trialApplications,
  '0039_file_image_hashes': fileImageHashes,
  '0040_cases': cases,
  '0041_case_archive': caseArchive,
  '0042_case_list_indexes': caseListIndexes,
  '0043_official_letters': officialLetters,
  '0044_deadline_reminders': deadlineReminders,
  '0046_official_fee_prices': officialFeePrices,
  '0047_letter_list_indexes': letterListIndexes,
  '0048_demands': demands,
  '0050_case_stage_reminders': caseStageReminders,
  '0054_finance': finance,
  '0055_gazette_watch': gazetteWatch,
  '0051_licences': licences,
  '0053_use_evidence': useEvidence,
  '0052_disputes': disputes,
  '0056_report_indexes': reportIndexes,
  '0057_number_trigrams_on_lower': numberTrigramsOnLower,
};

export const APP_ROLE = 'ipm_app';

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Numbers are handed out before the work is merged, so a migration may arrive after a higher-numbered one
  // already ran (0034 after 0035): each is self-contained, and one missing is run whatever its place.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  // New tables need the tenant role's grants; an unchanged schema already has them.
  if (applied.length > 0 || !(await appRoleCanUseTables(db))) await grantAppRole(db);
  return applied;
}

async function appRoleCanUseTables(db: Kysely<Database>): Promise<boolean> {
  const row = await sql<{ ok: boolean }>`select has_table_privilege('ipm_app', 'public.users', 'select') as ok`.execute(db);
  return row.rows[0]?.ok === true;
}

/** Gives the tenant role access to every table, including ones added since the last start. */
async function grantAppRole(db: Kysely<Database>): Promise<void> {
  await sql`
    grant usage on schema public to ipm_app;
    grant select, insert, update, delete on all tables in schema public to ipm_app;
    grant usage, select on all sequences in schema public to ipm_app;
  `.execute(db);
  // A non-superuser owner needs membership to switch to the role; a superuser already may.
  await sql`
    do $$ begin
      if not (select rolsuper from pg_roles where rolname = current_user)
         and not pg_has_role(current_user, 'ipm_app', 'member') then
        execute format('grant ipm_app to %I', current_user);
      end if;
    end $$;
  `.execute(db);
}
