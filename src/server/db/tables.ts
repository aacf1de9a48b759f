import type { ColumnType, Generated } from 'kysely';
import type { GoodsItem } from '../../generated/types.js';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type JsonValue = ColumnType<unknown, string, string>;

export interface OrganisationsTable {
  id: Generated<number>;
  name: string;
  kind: 'company' | 'agency';
  created_at: CreatedAt;
}

export interface RolesTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  /** Comma-separated permission keys (spec: roleAuth). */
  role_auth: string;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  org_id: number;
  role_id: number;
  username: string;
  display_name: string;
  phone: string;
  email: string | null;
  password_hash: string;
  mauth: Generated<boolean>;
  /** Set by an administrator: the account cannot sign in at all. */
  locked: Generated<boolean>;
  valid_from: Timestamp | null;
  valid_until: Timestamp | null;
  failed_logins: Generated<number>;
  locked_until: Timestamp | null;
  /** Deleted users keep their row so history still names them; they cannot sign in. */
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
}

/** An organisation's own address of an external search tool (EXTERNAL_TOOLS is the default). */
export interface ExternalToolAddressesTable {
  org_id: number;
  tool_key: string;
  url: string;
  updated_by: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Wrong passwords per typed username (existing account or not); see auth/loginFailures.ts. */
export interface LoginFailuresTable {
  username: string;
  failures: Generated<number>;
  locked_until: Timestamp | null;
  last_failed_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SessionsTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  /** sha-256 of the token; the token itself is never stored. */
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface EnterpriseGroupsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  superior_id: number | null;
  created_at: CreatedAt;
}

export interface EnterprisesTable {
  id: Generated<number>;
  org_id: number;
  group_id: number | null;
  applicant_type: number;
  book_type: number;
  applicant_name: string;
  applicant_address: string | null;
  post_code: string | null;
  applicant_credit_code: string | null;
  legal_person: string | null;
  certificate_no: string | null;
  created_at: CreatedAt;
}

export interface SchemaVersionsTable {
  id: Generated<number>;
  org_id: number;
  /** pages, forms, fields, … as under schemas/. */
  kind: string;
  /** The page path or form name the version belongs to. */
  key: string;
  version: number;
  status: 'draft' | 'published' | 'archived';
  body: JsonValue;
  author_id: number | null;
  comment: string | null;
  created_at: CreatedAt;
}

export interface OperationLogTable {
  id: Generated<number>;
  org_id: number;
  user_id: number | null;
  operation: string;
  detail: JsonValue;
  created_at: CreatedAt;
}

export interface ClassificationClassesTable {
  class_no: number;
  name: string;
  remark: string;
}

export interface ClassificationGroupsTable {
  group_no: string;
  class_no: number;
  name: string;
  remark: string;
  position: number;
}

export interface ClassificationItemsTable {
  id: Generated<number>;
  /** Six-digit item code; one code may stand in several groups. */
  code: string;
  group_no: string;
  class_no: number;
  name: string;
  remark: string;
  position: number;
}

export interface MessagesTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  kind: Generated<string>;
  title: string;
  content: Generated<string>;
  link: string | null;
  read_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface TodosTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  kind: Generated<string>;
  title: string;
  link: string | null;
  due_at: Timestamp | null;
  done_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface SiteDocumentsTable {
  key: string;
  title: string;
  content: string;
  version: string;
  updated_at: CreatedAt;
}

export interface BannersTable {
  id: Generated<number>;
  title: string;
  subtitle: Generated<string>;
  link: string | null;
  position: Generated<number>;
  active: Generated<boolean>;
}

export interface ReleaseNotesTable {
  version: string;
  title: string;
  content: string;
  published_at: CreatedAt;
}

export interface ReleaseNoteReadsTable {
  org_id: number;
  user_id: number;
  version: string;
  read_at: CreatedAt;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  purpose: string;
  /** What the code proves: the new phone number, for example. */
  target: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface SsoNoncesTable {
  nonce: string;
  expires_at: Timestamp;
}

export interface MemosTable {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  content: string;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface DisplayPreferencesTable {
  org_id: number;
  user_id: number;
  /** 7 country notice, 8 sort presets, `columns:<table>` column settings, … */
  display_type: string;
  content: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface FilesTable {
  id: Generated<number>;
  org_id: number;
  uploader_id: number | null;
  /** `<org>/<yyyymm>/<sha256>.<ext>` under FILES_DIR. */
  path: string;
  original_name: string;
  content_type: string;
  size: ColumnType<string | number, number, number>;
  sha256: string;
  created_at: CreatedAt;
}

export interface UploadSessionsTable {
  /** The upload id handed to the client: random, so it cannot be guessed. */
  id: string;
  org_id: number;
  uploader_id: number | null;
  purpose: string;
  file_name: string;
  extension: string;
  size: ColumnType<string | number, number, number>;
  chunk_size: number;
  chunk_count: number;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface UploadChunksTable {
  org_id: number;
  session_id: string;
  chunk_index: number;
  size: number;
}

export interface CountryTreesTable {
  org_id: number;
  /** The organisation's tree of {code, name, subList} as JSON text. */
  tree: string;
  updated_by: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The record fields the register and the archive share. */
interface TrademarkRecordColumns {
  country_code: ColumnType<string, string | undefined, string>;
  app_no: string;
  reg_no: string | null;
  tm_name: ColumnType<string, string | undefined, string>;
  tm_name_pinyin: ColumnType<string, string | undefined, string>;
  tm_type: ColumnType<string, string | undefined, string>;
  tm_status: ColumnType<string, string | undefined, string>;
  ori_tm_status: ColumnType<string, string | undefined, string>;
  applicant_cn: ColumnType<string, string | undefined, string>;
  applicant_en: ColumnType<string, string | undefined, string>;
  applicant_address: ColumnType<string, string | undefined, string>;
  applicant_address_en: ColumnType<string, string | undefined, string>;
  agent: ColumnType<string, string | undefined, string>;
  agent_en: ColumnType<string, string | undefined, string>;
  /** Dates come back as `YYYY-MM-DD` text (the date type parser is off). */
  app_date: ColumnType<string | null, string | null | undefined, string | null>;
  prelim_date: ColumnType<string | null, string | null | undefined, string | null>;
  announcement_issue: ColumnType<string, string | undefined, string>;
  reg_date: ColumnType<string | null, string | null | undefined, string | null>;
  reg_issue: ColumnType<string, string | undefined, string>;
  private_end_date: ColumnType<string | null, string | null | undefined, string | null>;
  submit_way: ColumnType<string, string | undefined, string>;
  goods: ColumnType<GoodsItem[], string | undefined, string>;
  goods_en: ColumnType<GoodsItem[], string | undefined, string>;
  logo_path: string | null;
  /** 64-bit perceptual hash of the logo; select it as `logo_hash::text`, a JS number would round it. */
  logo_hash: ColumnType<string | null, string | number | null | undefined, string | number | null>;
}

export interface TmRegisterTable extends TrademarkRecordColumns {
  id: Generated<number>;
  int_cls: number;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface BrandArchivesTable extends TrademarkRecordColumns {
  id: Generated<number>;
  org_id: number;
  register_id: number | null;
  /** 0 public-cloud sync, 1 manual input, 2 batch import, 3 generated from a case. */
  source: ColumnType<number, number | undefined, number>;
  owner_user_id: number | null;
  int_cls: number | null;
  new_tm_name: ColumnType<string, string | undefined, string>;
  agent_address: ColumnType<string, string | undefined, string>;
  agent_address_en: ColumnType<string, string | undefined, string>;
  /** Custom field values keyed by field id. */
  custom_values: ColumnType<Record<string, unknown>, string | undefined, string>;
  remark: ColumnType<string, string | undefined, string>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type BrandImportStatus = 'checking' | 'checked' | 'importing' | 'done' | 'failed' | 'cancelled';
export interface BrandImportJobsTable {
  id: Generated<number>;
  org_id: number;
  user_id: number | null;
  file_path: string;
  file_name: string;
  status: BrandImportStatus;
  existing_mode: ColumnType<'skip' | 'update', 'skip' | 'update' | undefined, 'skip' | 'update'>;
  total_rows: ColumnType<number, number | undefined, number>;
  valid_rows: ColumnType<number, number | undefined, number>;
  error_rows: ColumnType<number, number | undefined, number>;
  warning_rows: ColumnType<number, number | undefined, number>;
  existing_rows: ColumnType<number, number | undefined, number>;
  inserted_rows: ColumnType<number, number | undefined, number>;
  updated_rows: ColumnType<number, number | undefined, number>;
  skipped_rows: ColumnType<number, number | undefined, number>;
  report_path: string | null;
  message: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface BrandImportIssuesTable {
  id: Generated<number>;
  org_id: number;
  job_id: number;
  row_no: number;
  column_name: string;
  level: 'error' | 'warning';
  message: string;
}
export interface BrandExportsTable {
  id: Generated<number>;
  org_id: number;
  user_id: number | null;
  filter: ColumnType<Record<string, unknown>, string, string>;
  filter_summary: string;
  columns: ColumnType<string[], string, string>;
  status: 'running' | 'done' | 'failed';
  total_rows: ColumnType<number, number | undefined, number>;
  processed_rows: ColumnType<number, number | undefined, number>;
  file_path: string | null;
  file_name: ColumnType<string, string | undefined, string>;
  message: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface CustomFieldsTable {
  id: Generated<number>;
  org_id: number;
  /** The module whose records carry the field: 1 trademark archive, 32 copyright, … (dicts/custom-field-modules.json). */
  module_type: number;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  is_require: ColumnType<boolean, boolean | undefined, boolean>;
  /** 单行文本, 多行文本, 单选, 多选, 附件, 日期 or 数字 (schemas/fields). */
  field_type: string;
  /** The type's settings (schemas/fields/*.json `settings`). */
  field_content: ColumnType<unknown, string | undefined, string>;
  /** 0 hidden, 1 shown. */
  state: ColumnType<number, number | undefined, number>;
  is_top: ColumnType<boolean, boolean | undefined, boolean>;
  is_filter: ColumnType<boolean, boolean | undefined, boolean>;
  sort_order: ColumnType<number, number | undefined, number>;
  /** Built-in fields (copyright's 版权类型) cannot be edited or deleted. */
  locked: ColumnType<boolean, boolean | undefined, boolean>;
  deleted: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** One knowledge map: a tree of tag nodes kept whole (`map` is its root node). */
export interface BrandMapsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  map: ColumnType<BrandMapNodeJson, string, string>;
  color: ColumnType<string, string | undefined, string>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CustomFieldRemindersTable {
  id: Generated<number>;
  org_id: number;
  field_id: number;
  record_id: number;
  due_at: Timestamp;
  user_ids: ColumnType<number[], number[], number[]>;
  title: string;
  content: ColumnType<string, string | undefined, string>;
  link: string | null;
  /** Set when the messages were written; a row is sent once. */
  sent_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A background task of an organisation; everything needed to resume it is in the row. */
export interface BatchTasksTable {
  id: Generated<number>;
  org_id: number;
  /** e.g. `onceMerge` */
  operate_type: string;
  /** 0 处理中, 1 成功, 2 失败 */
  operate_status: ColumnType<number, number | undefined, number>;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  progress: ColumnType<number, number | undefined, number>;
  total: number | null;
  error: string | null;
  /** Times a worker claimed it; a task that keeps taking its worker down is given up. */
  attempts: ColumnType<number, number | undefined, number>;
  claimed_by: string | null;
  heartbeat_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: number | null;
  created_at: CreatedAt;
  end_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One merge of trademarks: the kept mark and the ids merged into it (those rows are gone). */
export interface BrandMergeLogTable {
  id: Generated<number>;
  org_id: number;
  task_id: number | null;
  target_id: number;
  merged_ids: number[];
  merged_by: number | null;
  created_at: CreatedAt;
}

/** A node of a knowledge map as stored: value and data.id are the node's id. */
export interface BrandMapNodeJson {
  value: string;
  label: string;
  data: { text: string; id: string };
  children: BrandMapNodeJson[];
}

/** One tag: an archive mark labelled with one node of one map. */
export interface BrandLabelsTable {
  id: Generated<number>;
  org_id: number;
  brand_archive_id: number;
  map_id: number;
  node_id: string;
  created_by: number | null;
  created_at: CreatedAt;
}

/** The distinct logo hashes of the register, for logo retrieval (kept by a trigger on tm_register). */
export interface TmLogoHashesTable {
  hash: ColumnType<string, string | number, string | number>;
}

/** An organisation's trademark archive settings (default view and sort, expiry reminder lead). */
export interface ArchiveSettingsTable {
  org_id: number;
  default_view: ColumnType<'card' | 'table', 'card' | 'table' | undefined, 'card' | 'table'>;
  sort_field: ColumnType<string, string | undefined, string>;
  sort_type: ColumnType<'asc' | 'desc', 'asc' | 'desc' | undefined, 'asc' | 'desc'>;
  expiry_reminder_months: ColumnType<number, number | undefined, number>;
  updated_by: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** An official document received for an archive mark; status 0 pending, 1 handled, 2 ignored. */
export interface OfficialDocumentsTable {
  id: Generated<number>;
  org_id: number;
  brand_archive_id: number | null;
  document_type: string;
  app_no: ColumnType<string, string | undefined, string>;
  receive_date: ColumnType<string, string, string>;
  delivery_method: ColumnType<'电子' | '纸质', '电子' | '纸质' | undefined, '电子' | '纸质'>;
  official_limit: ColumnType<string | null, string | null | undefined, string | null>;
  file_id: number | null;
  status: ColumnType<0 | 1 | 2, 0 | 1 | 2 | undefined, 0 | 1 | 2>;
  is_read: ColumnType<boolean, boolean | undefined, boolean>;
  remark: ColumnType<string, string | undefined, string>;
  handled_by: number | null;
  handled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface Database {
  organisations: OrganisationsTable;
  roles: RolesTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  enterprise_groups: EnterpriseGroupsTable;
  enterprises: EnterprisesTable;
  schema_versions: SchemaVersionsTable;
  operation_log: OperationLogTable;
  classification_classes: ClassificationClassesTable;
  classification_groups: ClassificationGroupsTable;
  classification_items: ClassificationItemsTable;
  messages: MessagesTable;
  todos: TodosTable;
  site_documents: SiteDocumentsTable;
  banners: BannersTable;
  release_notes: ReleaseNotesTable;
  release_note_reads: ReleaseNoteReadsTable;
  verification_codes: VerificationCodesTable;
  sso_nonces: SsoNoncesTable;
  memos: MemosTable;
  display_preferences: DisplayPreferencesTable;
  files: FilesTable;
  upload_sessions: UploadSessionsTable;
  upload_chunks: UploadChunksTable;
  country_trees: CountryTreesTable;
  tm_register: TmRegisterTable;
  brand_archives: BrandArchivesTable;
  custom_fields: CustomFieldsTable;
  custom_field_reminders: CustomFieldRemindersTable;
  batch_tasks: BatchTasksTable;
  brand_merge_log: BrandMergeLogTable;
  brand_maps: BrandMapsTable;
  brand_labels: BrandLabelsTable;
  tm_logo_hashes: TmLogoHashesTable;
  archive_settings: ArchiveSettingsTable;
  brand_import_jobs: BrandImportJobsTable;
  brand_import_issues: BrandImportIssuesTable;
  brand_exports: BrandExportsTable;
  official_documents: OfficialDocumentsTable;
  external_tool_addresses: ExternalToolAddressesTable;
}

/** Tables whose rows belong to one organisation: scoped by the tenant plugin and by row-level security. */
export const TENANT_TABLES = [
  'roles',
  'users',
  'sessions',
  'enterprise_groups',
  'enterprises',
  'schema_versions',
  'operation_log',
  'messages',
  'todos',
  'release_note_reads',
  'verification_codes',
  'memos',
  'display_preferences',
  'files',
  'upload_sessions',
  'upload_chunks',
  'country_trees',
  'brand_archives',
  'custom_fields',
  'custom_field_reminders',
  'batch_tasks',
  'brand_merge_log',
  'brand_maps',
  'brand_labels',
  'archive_settings',
  'brand_import_jobs',
  'brand_import_issues',
  'brand_exports',
  'official_documents',
  'external_tool_addresses',
] as const satisfies readonly (keyof Database)[];
