import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema, OperationDefinition } from '../shared/operation.js';
import { PUBLIC, SIGNED_IN } from '../shared/operation.js';
import { AJV_OPTIONS, ANNOTATION_KEYWORDS } from '../shared/schemaKeywords.js';
import { filesOfKind, schemaId, type SchemaFile } from './schemaFiles.js';
import { listRowRecords } from './listRowRecords.js';
import { collectTableProblems } from './tableProblems.js';
import { collectEnumTitleProblems } from './enumTitleProblems.js';
import { collectCaseTypeProblems } from './caseTypeProblems.js';
import { formilyPaths, valuesAtPath } from '../shared/nestedSchemas.js';

export interface SchemaProblem {
  file: string;
  at?: string;
  message: string;
}

const META_OF_KIND: Partial<Record<SchemaFile['kind'], string>> = {
  entities: 'meta/entity.schema.json',
  tables: 'meta/table.schema.json',
  api: 'meta/api.schema.json',
  pages: 'meta/page.schema.json',
  forms: 'meta/form.schema.json',
  fields: 'meta/field-type.schema.json',
  dicts: 'meta/dict.schema.json',
  components: 'meta/component.schema.json',
  caseTypes: 'meta/case-type.schema.json',
};

/**
 * String formats component props use for names that must exist: `operation` (an operation id),
 * `permission` (a permission key) and `route` (a page path, optionally with a query).
 */
export const NAME_FORMATS = ['operation', 'permission', 'route'] as const;
type NameFormat = (typeof NAME_FORMATS)[number];
const UNKNOWN_NAME: Record<NameFormat, string> = { operation: '未知的接口', permission: '未知的权限键', route: '指向不存在的路由' };

/** `{{ }}` expressions are evaluated when the page renders, so their type is not known here. */
const isExpression = (value: unknown) => typeof value === 'string' && /^\{\{[\s\S]*\}\}$/.test(value.trim());

/** Reads the value at a JSON pointer inside `root`. */
function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const part of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

function describeAjvError(e: ErrorObject): string {
  const format = e.keyword === 'format' ? (e.params as { format?: string }).format : undefined;
  if (format && format in UNKNOWN_NAME) return `${UNKNOWN_NAME[format as NameFormat]} ${String(e.data)}`;
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties':
      return `不认识的属性 ${String(params.additionalProperty)}`;
    case 'required':
      return `缺少必填的 ${String(params.missingProperty)}`;
    case 'enum':
      return `取值只能是 ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join('、')}`;
    case 'type':
      return `类型应为 ${String(params.type)}`;
    case 'minItems':
      return `至少要有 ${String(params.limit)} 项`;
    case 'maxItems':
      return `最多 ${String(params.limit)} 项`;
    case 'minLength':
      return `至少要有 ${String(params.limit)} 个字符`;
    case 'pattern':
      return `格式不符（应匹配 ${String(params.pattern)}）`;
    case 'minimum':
      return `不能小于 ${String(params.limit)}`;
    case 'maximum':
      return `不能大于 ${String(params.limit)}`;
    case 'maxLength':
      return `不能超过 ${String(params.limit)} 个字符`;
    default:
      return e.message ?? '不符合描述';
  }
}

/** The names of the queries a page or form body declares on its root node. */
function declaredQueries(body: JsonSchema): Set<string> {
  const declared = body['x-queries'];
  return new Set(declared && typeof declared === 'object' ? Object.keys(declared) : []);
}

/** The props of a component that name a page query (`x-page-query`). */
function pageQueryProps(props: JsonSchema | undefined): string[] {
  const properties = (props?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties)
    .filter(([, p]) => p['x-page-query'] === true)
    .map(([name]) => name);
}

/** The props of a component whose items are columns of the rows another prop's operation lists (`x-row-columns`), with that prop's name. */
function rowColumnProps(props: JsonSchema | undefined): [columns: string, operation: string][] {
  const properties = (props?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties)
    .filter(([, p]) => typeof p['x-row-columns'] === 'string')
    .map(([name, p]) => [name, p['x-row-columns'] as string]);
}

/** Visits every Formily node of a page or form body with its JSON pointer. */
function walkFormily(node: JsonSchema, at: string, visit: (node: JsonSchema, at: string) => void): void {
  visit(node, at);
  const props = node.properties as Record<string, JsonSchema> | undefined;
  for (const [key, child] of Object.entries(props ?? {})) walkFormily(child, `${at}/properties/${key}`, visit);
  if (node.items && typeof node.items === 'object') walkFormily(node.items as JsonSchema, `${at}/items`, visit);
}

/**
 * What is wrong with the schema files: each against the meta-schema of its kind, the `$ref`s it
 * makes, the components, operations, permissions and routes it names and the props it gives them.
 * With `focus` (one file's path) only that file is checked, against all the others: the same
 * problems of that file, without compiling every entity and operation of the project (which
 * takes seconds), as a designer's save needs.
 */
export function collectSchemaProblems(files: SchemaFile[], operations: OperationDefinition[], focus?: string): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const checked = (f: { file: string }) => focus === undefined || f.file === focus;
  const ajv = new Ajv({ ...AJV_OPTIONS, keywords: [...ANNOTATION_KEYWORDS], verbose: true });
  addFormats(ajv);
  // The names that exist, for the formats component props and meta-schemas use.
  const permissionFile = files.find((f) => f.file === 'dicts/permissions.json');
  const permissions = new Set(((permissionFile?.body.items as { value: string }[]) ?? []).map((i) => i.value));
  if (!permissionFile) problems.push({ file: 'dicts/permissions.json', message: '缺少权限键字典' });
  const operationIds = new Set(operations.map((o) => o.id));
  const known: Record<NameFormat, Set<string>> = {
    operation: operationIds,
    permission: permissions,
    route: new Set(files.filter((f) => f.kind === 'pages').map((f) => f.body.path as string)),
  };
  for (const format of NAME_FORMATS) {
    ajv.addFormat(format, { type: 'string', validate: (value: string) => known[format].has(format === 'route' ? value.split('?')[0] : value) });
  }
  for (const f of files) {
    try {
      ajv.addSchema(f.body, f.id);
    } catch (err) {
      problems.push({ file: f.file, message: `不是合法的 JSON Schema：${(err as Error).message}` });
    }
  }

  // Each file against the meta-schema of its kind.
  for (const f of files.filter(checked)) {
    const meta = META_OF_KIND[f.kind];
    if (!meta) continue;
    const validate = ajv.getSchema(schemaId(meta));
    if (!validate) {
      problems.push({ file: f.file, message: `缺少元描述 ${meta}` });
      continue;
    }
    if (!validate(f.body)) {
      // An `if` failing only says its `then` did, whose own error names what is missing.
      for (const e of validate.errors ?? []) if (e.keyword !== 'if') problems.push({ file: f.file, at: e.instancePath || '/', message: describeAjvError(e) });
    }
  }

  // Every entity and operation schema compiles, which also resolves every $ref it makes.
  const compile = (file: string, at: string, schema: JsonSchema) => {
    try {
      ajv.compile(schema);
    } catch (err) {
      problems.push({ file, at, message: (err as Error).message });
    }
  };
  for (const f of files.filter((x) => x.kind === 'entities' && checked(x))) compile(f.file, '/', { $ref: f.id });
  // Table columns too: a column may borrow an entity's property by \`$ref\`.
  for (const f of files.filter(checked)) {
    const columns = (f.kind === 'tables' ? f.body.columns : f.kind === 'entities' ? (f.body['x-storage'] as JsonSchema | undefined)?.columns : undefined) as
      JsonSchema | undefined;
    const at = f.kind === 'tables' ? '/columns' : '/x-storage/columns';
    for (const [name, column] of Object.entries(columns ?? {})) compile(f.file, `${at}/${name}`, column as JsonSchema);
  }
  problems.push(...collectTableProblems(files), ...collectEnumTitleProblems(files), ...collectCaseTypeProblems(files));
  const fileOfDomain = new Map(files.filter((f) => f.kind === 'api').map((f) => [f.body.domain as string, f.file]));
  for (const op of operations) {
    const file = fileOfDomain.get(op.domain) ?? 'api';
    if (!checked({ file })) continue;
    compile(file, `/operations/${op.name}/request`, op.request);
    compile(file, `/operations/${op.name}/response`, op.response);
  }

  // Names that must exist.
  // Every component description: named like its file, props a schema that compiles.
  // A component's props are compiled when a checked file first uses them (every file is checked without a focus).
  const components = new Map<
    string,
    { kind: string; readonly props: ValidateFunction | null; nested: string[][]; queryProps: string[]; columnProps: [string, string][] }
  >();
  const compileProps = (f: SchemaFile): (() => ValidateFunction | null) => {
    let compiled: ValidateFunction | null | undefined;
    return () => {
      if (compiled !== undefined) return compiled;
      try {
        compiled = ajv.compile(f.body.props as JsonSchema);
      } catch (err) {
        compiled = null;
        problems.push({ file: f.file, at: '/props', message: (err as Error).message });
      }
      return compiled;
    };
  };
  for (const f of files.filter((x) => x.kind === 'components')) {
    const name = f.body.name as string;
    if (checked(f) && `components/${name}.json` !== f.file) problems.push({ file: f.file, at: '/name', message: `构件名 ${name} 与文件名不一致` });
    const props = compileProps(f);
    if (checked(f)) props();
    components.set(name, {
      kind: f.body.kind as string,
      get props() {
        return props();
      },
      nested: formilyPaths(f.body.props as JsonSchema),
      queryProps: pageQueryProps(f.body.props as JsonSchema),
      columnProps: rowColumnProps(f.body.props as JsonSchema),
    });
  }
  // Custom field types: settings and value are schemas, the widget a registered field component.
  for (const f of files.filter((x) => x.kind === 'fields' && checked(x))) {
    for (const part of ['settings', 'value'] as const) {
      if (f.body[part] && typeof f.body[part] === 'object') compile(f.file, `/${part}`, f.body[part] as JsonSchema);
    }
    const widget = f.body.widget;
    if (typeof widget !== 'string') continue;
    const entry = components.get(widget);
    if (!entry) problems.push({ file: f.file, at: '/widget', message: `未注册的组件 ${widget}` });
    else if (entry.kind !== 'field') problems.push({ file: f.file, at: '/widget', message: `${widget} 不是承载字段值的组件` });
  }
  const seenPaths = new Map<string, string>();
  for (const op of operations) {
    const file = fileOfDomain.get(op.domain) ?? 'api';
    if (op.permission !== PUBLIC && op.permission !== SIGNED_IN && !permissions.has(op.permission)) {
      problems.push({ file, at: `/operations/${op.name}/permission`, message: `未知的权限键 ${op.permission}` });
    }
    const route = `${op.method} ${op.path}`;
    if (seenPaths.has(route)) problems.push({ file, at: `/operations/${op.name}`, message: `${route} 与 ${seenPaths.get(route)} 重复` });
    seenPaths.set(route, op.id);
  }

  let rowRecordsRead: ReturnType<typeof listRowRecords> | undefined;
  const rowRecords = () => (rowRecordsRead ??= listRowRecords(files, operations));
  const fieldTitles = new Map(
    filesOfKind(files, 'entities').map((f) => [
      f.body.title as string,
      Object.fromEntries(Object.entries((f.body.properties ?? {}) as Record<string, JsonSchema>).map(([name, p]) => [name, p.title])),
    ]),
  );

  const pages = files.filter((f) => f.kind === 'pages');
  const pagePaths = new Map<string, string>();
  for (const p of pages) {
    const path = p.body.path as string;
    if (pagePaths.has(path)) problems.push({ file: p.file, at: '/path', message: `路由 ${path} 已由 ${pagePaths.get(path)} 声明` });
    pagePaths.set(path, p.file);
  }
  const checkProps = (file: string, at: string, validate: ValidateFunction | null, props: unknown) => {
    if (!validate || validate(props ?? {})) return;
    for (const e of validate.errors ?? []) {
      if (isExpression(valueAt(props, e.instancePath))) continue;
      problems.push({ file, at: `${at}${e.instancePath}`, message: describeAjvError(e) });
    }
  };
  // A body's blocks name the queries its root declares (x-queries); schemas carried in props render in the same page.
  const checkBody = (file: string, body: JsonSchema, root: string, queries: ReadonlySet<string> = declaredQueries(body)): void =>
    walkFormily(body, root, (node, at) => {
      const decorator = node['x-decorator'];
      if (typeof decorator === 'string') {
        const entry = components.get(decorator);
        if (!entry) problems.push({ file, at: `${at}/x-decorator`, message: `未注册的组件 ${decorator}` });
        else if (entry.kind !== 'decorator') problems.push({ file, at: `${at}/x-decorator`, message: `${decorator} 不是装饰器` });
        else checkProps(file, `${at}/x-decorator-props`, entry.props, node['x-decorator-props']);
      }
      const name = node['x-component'];
      if (typeof name === 'string') {
        const entry = components.get(name);
        if (!entry) problems.push({ file, at: `${at}/x-component`, message: `未注册的组件 ${name}` });
        else if (entry.kind === 'decorator') problems.push({ file, at: `${at}/x-component`, message: `${name} 是装饰器，只能用在 x-decorator` });
        else if (entry.kind === 'field' && node.type === 'void')
          problems.push({ file, at: `${at}/x-component`, message: `${name} 承载字段值，不能用在 void 节点上` });
        else {
          const props = node['x-component-props'] as JsonSchema | undefined;
          checkProps(file, `${at}/x-component-props`, entry.props, props);
          for (const prop of entry.queryProps) {
            const named = props?.[prop];
            if (typeof named === 'string' && !isExpression(named) && !queries.has(named)) {
              problems.push({ file, at: `${at}/x-component-props/${prop}`, message: `页面没有声明查询 ${named}（在正文根节点的 x-queries 中声明）` });
            }
          }
          // A column without a header takes its field's title from the listed record, which must have it.
          for (const [prop, operationProp] of entry.columnProps) {
            const columns = props?.[prop];
            const operation = props?.[operationProp];
            if (!Array.isArray(columns) || typeof operation !== 'string') continue;
            const listPath = typeof props?.listPath === 'string' ? props.listPath : 'list';
            const record = rowRecords()[operation]?.[listPath];
            columns.forEach((column: { prop?: unknown; label?: unknown }, i) => {
              if (column.label !== undefined || typeof column.prop !== 'string') return;
              const title = record ? (fieldTitles.get(record)?.[column.prop] as string | undefined) : undefined;
              if (title) return;
              problems.push({
                file,
                at: `${at}/x-component-props/${prop}/${i}`,
                message: record
                  ? `列 ${column.prop} 没有列名，记录 ${record} 也没有这个字段的名称`
                  : `列 ${column.prop} 没有列名，接口 ${operation} 的行不是描述过的记录`,
              });
            });
          }
          // Schemas carried in props (a dialog's form, a cell's content) are pages in miniature.
          for (const path of entry.nested) {
            for (const [inner, innerAt] of valuesAtPath(props, path, `${at}/x-component-props`)) {
              if (inner && typeof inner === 'object') checkBody(file, inner as JsonSchema, innerAt, queries);
            }
          }
        }
      }
      const permission = node['x-permission'];
      if (typeof permission === 'string' && !permissions.has(permission)) {
        problems.push({ file, at: `${at}/x-permission`, message: `未知的权限键 ${permission}` });
      }
    });
  for (const p of pages.filter(checked)) {
    const page = p.body;
    if (typeof page.menuKey === 'string' && !permissions.has(page.menuKey)) {
      problems.push({ file: p.file, at: '/menuKey', message: `未知的菜单键 ${page.menuKey}` });
    }
    for (const key of ['parent', 'redirect', 'activeMenu'] as const) {
      const target = page[key];
      if (typeof target === 'string' && !pagePaths.has(target.split('?')[0])) {
        problems.push({ file: p.file, at: `/${key}`, message: `指向不存在的路由 ${target}` });
      }
    }
    if (page.body) checkBody(p.file, page.body as JsonSchema, '/body');
  }
  for (const f of files.filter((x) => x.kind === 'forms' && checked(x))) checkBody(f.file, f.body.schema as JsonSchema, '/schema');
  for (const f of files.filter((x) => x.kind === 'components' && checked(x))) checkBody(f.file, f.body.example as JsonSchema, '/example');
  for (const f of files.filter((x) => x.kind === 'caseTypes' && checked(x))) if (f.body.form) checkBody(f.file, f.body.form as JsonSchema, '/form');
  return focus === undefined ? problems : problems.filter((p) => p.file === focus);
}
