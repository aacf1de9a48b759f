import type { SchemaFile } from '../src/schemaSource/schemaFiles.js';
import { formilyPaths } from '../src/shared/nestedSchemas.js';
import { GENERATED_BANNER } from './emitTypes.js';

/**
 * The names page schemas may use in `x-component` and `x-decorator`: one per schemas/components
 * file; and where each component's props carry Formily nodes of their own.
 */
export function generateComponentNames(files: SchemaFile[]): string {
  const components = new Map(files.filter((f) => f.kind === 'components').map((f) => [f.body.name as string, f.body]));
  const names = [...components.keys()].sort();
  const nested = names
    .map((name) => [name, formilyPaths(components.get(name)!.props as Parameters<typeof formilyPaths>[0])] as const)
    .filter(([, paths]) => paths.length > 0);
  return `${GENERATED_BANNER}
/** Every building block described under schemas/components; the composition root (src/web/schemaComponents.ts) is typed against it. */
export const COMPONENT_NAMES = [
${names.map((n) => `  '${n}',`).join('\n')}
] as const;

export type ComponentName = (typeof COMPONENT_NAMES)[number];

/**
 * Props that carry Formily nodes of their own (a dialog's form, a row button's drawer content), as
 * paths of property names with \`*\` for each array item. Their expressions belong to the scope they
 * are rendered in, not to the node that carries them.
 */
export const NESTED_SCHEMA_PATHS: Partial<Record<ComponentName, string[][]>> = {
${nested.map(([name, paths]) => `  ${name}: ${JSON.stringify(paths)},`).join('\n')}
};
`;
}
