import type { OperationDefinition, JsonSchema } from '../../shared/operation.js';
import { filesOfKind, loadSchemaFiles, schemaId, type SchemaFile } from '../../schemaSource/schemaFiles.js';
import { operationsFromFiles } from '../../schemaSource/operationsFromFiles.js';
import { collectSchemaProblems, type SchemaProblem } from '../../schemaSource/schemaProblems.js';

/** The kinds of schema an organisation may replace with versions of its own. */
export const DESIGNABLE_KINDS = ['pages', 'forms', 'fields', 'caseTypes'] as const;
export type DesignableKind = (typeof DESIGNABLE_KINDS)[number];

/** Pages are keyed by their route, everything else by its name. */
export function keyOf(kind: DesignableKind, body: JsonSchema): string | undefined {
  const key = kind === 'pages' ? body.path : body.name;
  return typeof key === 'string' ? key : undefined;
}

export function titleOf(kind: DesignableKind, body: JsonSchema): string {
  const title = kind === 'fields' ? body.fieldType : body.title;
  return typeof title === 'string' ? title : '';
}

/**
 * The schema files under schemas/, read once at start: the built-in version of everything the
 * runtime loads, and the reference a candidate version is checked against.
 */
export class SchemaLibrary {
  readonly operations: OperationDefinition[];

  constructor(readonly files: SchemaFile[]) {
    this.operations = operationsFromFiles(filesOfKind(files, 'api'));
  }

  static load(root?: string): SchemaLibrary {
    return new SchemaLibrary(loadSchemaFiles(root));
  }

  builtInFile(kind: DesignableKind, key: string): SchemaFile | undefined {
    return filesOfKind(this.files, kind).find((f) => keyOf(kind, f.body) === key);
  }

  /** The file a version of (kind, key) is checked as: the built-in file it replaces, or a name of its own. */
  private fileFor(kind: DesignableKind, key: string): string {
    return this.builtInFile(kind, key)?.file ?? `${kind}/designed-${encodeURIComponent(key)}.json`;
  }

  builtIns(kind: DesignableKind): SchemaFile[] {
    return filesOfKind(this.files, kind);
  }

  /** The schema an absolute `$ref` names, following a `#/…` pointer inside its file. */
  resolveRef(ref: string): JsonSchema | undefined {
    const [id, pointer = ''] = ref.split('#');
    let node: unknown = this.files.find((f) => f.id === id)?.body;
    for (const part of pointer.split('/').slice(1)) node = (node as Record<string, unknown> | undefined)?.[decodeURIComponent(part)];
    return node as JsonSchema | undefined;
  }

  /**
   * What is wrong with `body` as the version of (kind, key): its meta-schema, the components,
   * operations, permissions and routes it names, and the props it gives each component. Only the
   * candidate's own problems are returned, with JSON pointers into it. `inEffect` are the
   * organisation's versions in effect of other schemas of the kind (the case types a proposal type
   * may create), each standing in for the built-in file of its key.
   */
  problemsOf(kind: DesignableKind, key: string, body: JsonSchema, inEffect: { key: string; body: JsonSchema }[] = []): SchemaProblem[] {
    const replaced = this.builtInFile(kind, key);
    const file = this.fileFor(kind, key);
    const candidate: SchemaFile = { kind, file, id: schemaId(file), body };
    const others = inEffect.filter((v) => v.key !== key).map((v): SchemaFile => ({ kind, file: this.fileFor(kind, v.key), id: schemaId(this.fileFor(kind, v.key)), body: v.body }));
    const standIns = new Set(others.map((f) => f.file));
    const files = [...this.files.filter((f) => f !== replaced && !(f.kind === kind && standIns.has(f.file))), ...others, candidate];
    const problems = collectSchemaProblems(files, this.operations, file);
    const declared = keyOf(kind, body);
    if (declared !== undefined && declared !== key) {
      problems.unshift({ file, at: kind === 'pages' ? '/path' : '/name', message: `不能改为 ${declared}：它标识这份描述，应为 ${key}` });
    }
    return problems;
  }
}
