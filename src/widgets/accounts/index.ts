import { PermissionTree } from './PermissionTree.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** Users, roles and their permissions. */
export const accountWidgets = {
  PermissionTree,
} satisfies SchemaComponents;
