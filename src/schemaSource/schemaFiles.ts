import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JsonSchema } from '../shared/operation.js';

/** Every schema file gets this base plus its path under schemas/ as its `$id`. */
export const SCHEMA_BASE = 'https://schemas.ipm.local/';

export const SCHEMA_KINDS = ['meta', 'entities', 'tables', 'api', 'pages', 'forms', 'fields', 'dicts', 'components', 'caseTypes'] as const;
export type SchemaKind = (typeof SCHEMA_KINDS)[number];

export interface SchemaFile {
  kind: SchemaKind;
  /** Path under schemas/, e.g. `api/auth.json`. */
  file: string;
  id: string;
  /** The file's content without its editor-only `$schema` hint, refs made absolute. */
  body: JsonSchema;
}

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
export const schemasDir = join(projectRoot, 'schemas');

export function schemaId(file: string): string {
  return SCHEMA_BASE + file;
}

/** Rewrites every `$ref` against the file's own id, so a schema can be embedded anywhere. */
export function absolutiseRefs<T>(node: T, baseId: string): T {
  if (Array.isArray(node)) return node.map((item) => absolutiseRefs(item, baseId)) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (key === '$ref' && typeof value === 'string') out[key] = new URL(value, baseId).href;
    else out[key] = absolutiseRefs(value, baseId);
  }
  return out as T;
}

export function readSchemaFile(kind: SchemaKind, name: string, root = schemasDir): SchemaFile {
  const file = posix.join(kind, name);
  const id = schemaId(file);
  const raw = JSON.parse(readFileSync(join(root, kind, name), 'utf8')) as JsonSchema;
  delete raw.$schema;
  return { kind, file, id, body: absolutiseRefs(raw, id) };
}

/** The `.json` files under `dir`, sub-folders included (pages sit in one folder per menu area), as sorted relative paths. */
function jsonFilesUnder(dir: string, prefix = ''): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(join(dir, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  const names: string[] = [];
  for (const entry of entries) {
    const name = posix.join(prefix, entry.name);
    if (entry.isDirectory()) names.push(...jsonFilesUnder(dir, name));
    else if (entry.name.endsWith('.json')) names.push(name);
  }
  return names.sort();
}

export function loadSchemaFiles(root = schemasDir): SchemaFile[] {
  const files: SchemaFile[] = [];
  for (const kind of SCHEMA_KINDS) {
    for (const name of jsonFilesUnder(join(root, kind))) files.push(readSchemaFile(kind, name, root));
  }
  return files;
}

export function filesOfKind(files: SchemaFile[], kind: SchemaKind): SchemaFile[] {
  return files.filter((f) => f.kind === kind);
}
