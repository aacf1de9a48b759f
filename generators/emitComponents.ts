import type { SchemaFile } from '../src/server/schemaFiles.js';
import { GENERATED_BANNER } from './emitTypes.js';

/** The names page schemas may use in `x-component` and `x-decorator`: one per schemas/components file. */
export function generateComponentNames(files: SchemaFile[]): string {
  const names = files
    .filter((f) => f.kind === 'components')
    .map((f) => f.body.name as string)
    .sort();
  return `${GENERATED_BANNER}
/** Every building block described under schemas/components; the runtime registry is typed against it. */
export const COMPONENT_NAMES = [
${names.map((n) => `  '${n}',`).join('\n')}
] as const;

export type ComponentName = (typeof COMPONENT_NAMES)[number];
`;
}
