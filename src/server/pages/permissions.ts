import type { DictDefinition } from '../../generated/types.js';
import { readSchemaFile } from '../../schemaSource/schemaFiles.js';

/** Permission key → Chinese label, from schemas/dicts/permissions.json. */
export function permissionLabels(): Map<string, string> {
  const dict = readSchemaFile('dicts', 'permissions.json').body as unknown as DictDefinition;
  return new Map(dict.items.map((item) => [String(item.value), item.label]));
}

export function allPermissionKeys(): string[] {
  return [...permissionLabels().keys()];
}
