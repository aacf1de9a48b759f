/** A JSON Schema as it travels between generator, server and designer. */
export type JsonSchema = { [keyword: string]: unknown };

/** `$public`: no sign-in; `$signedIn`: any signed-in user; otherwise a key of dicts/permissions.json. */
export type PermissionRequirement = string;

export interface OperationDefinition {
  /** `domain.name`, e.g. `auth.login`. */
  id: string;
  domain: string;
  name: string;
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  description?: string;
  permission: PermissionRequirement;
  silent: boolean;
  /** Reads and never writes: its transaction is opened READ ONLY and its answer is sent before the COMMIT is acknowledged. */
  readOnly: boolean;
  /** json: JSON in, envelope out; multipart: an upload with a `file` field; file: the reply is the file itself. */
  transport: 'json' | 'multipart' | 'file';
  /** For uploads: the size limit in MB. */
  uploadLimitMb?: number;
  /** For uploads: a whole named file (default), or one chunk of a resumable upload. */
  uploadKind?: 'file' | 'chunk';
  /** For uploads: the purpose (limits and types) when the request names none. */
  uploadPurpose?: 'general' | 'officialDocument' | 'officialArchive' | 'spreadsheet';
  request: JsonSchema;
  response: JsonSchema;
}

/** What the web client needs of an operation: no schemas, so the bundle stays small. */
export type OperationRoute = Pick<OperationDefinition, 'id' | 'method' | 'path' | 'silent' | 'transport'> & {
  /** The request takes pageNo and pageSize: list blocks send them only then. */
  paged?: boolean;
};

export const PUBLIC = '$public';
export const SIGNED_IN = '$signedIn';
