import type { JsonSchema } from '../shared/operation.js';
import type { SchemaFile } from './schemaFiles.js';
import { filesOfKind } from './schemaFiles.js';

/** `x-enum-titles` names each value of its `enum`, one for one (the meta-schema cannot count). */
export function collectEnumTitleProblems(files: SchemaFile[]): { file: string; at: string; message: string }[] {
  return filesOfKind(files, 'entities').flatMap((f) =>
    Object.entries((f.body.properties ?? {}) as Record<string, JsonSchema>)
      .filter(([, p]) => Array.isArray(p['x-enum-titles']) && (p['x-enum-titles'] as unknown[]).length !== ((p.enum as unknown[] | undefined)?.length ?? 0))
      .map(([name]) => ({ file: f.file, at: `/properties/${name}/x-enum-titles`, message: 'x-enum-titles 的个数与 enum 的值不一致' })),
  );
}
