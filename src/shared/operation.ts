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
  request: JsonSchema;
  response: JsonSchema;
}

/** What the web client needs of an operation: no schemas, so the bundle stays small. */
export type OperationRoute = Pick<OperationDefinition, 'id' | 'method' | 'path' | 'silent'>;

export const PUBLIC = '$public';
export const SIGNED_IN = '$signedIn';
