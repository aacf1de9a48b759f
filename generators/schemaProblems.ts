import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema, OperationDefinition } from '../src/shared/operation.js';
import { PUBLIC, SIGNED_IN } from '../src/shared/operation.js';
import { AJV_OPTIONS, ANNOTATION_KEYWORDS } from '../src/shared/schemaKeywords.js';
import { COMPONENT_NAMES } from '../src/runtime/componentNames.js';
import { schemaId, type SchemaFile } from '../src/server/schemaFiles.js';

export interface SchemaProblem {
  file: string;
  at?: string;
  message: string;
}

const META_OF_KIND: Partial<Record<SchemaFile['kind'], string>> = {
  entities: 'meta/entity.schema.json',
  api: 'meta/api.schema.json',
  pages: 'meta/page.schema.json',
  forms: 'meta/form.schema.json',
  fields: 'meta/field-type.schema.json',
  dicts: 'meta/dict.schema.json',
};

function describeAjvError(e: ErrorObject): string {
  const extra = e.params && 'additionalProperty' in e.params ? `（${String(e.params.additionalProperty)}）` : '';
  return `${e.message ?? '不符合描述'}${extra}`;
}

/** Visits every Formily node of a page or form body with its JSON pointer. */
function walkFormily(node: JsonSchema, at: string, visit: (node: JsonSchema, at: string) => void): void {
  visit(node, at);
  const props = node.properties as Record<string, JsonSchema> | undefined;
  for (const [key, child] of Object.entries(props ?? {})) walkFormily(child, `${at}/properties/${key}`, visit);
  if (node.items && typeof node.items === 'object') walkFormily(node.items as JsonSchema, `${at}/items`, visit);
}

export function collectSchemaProblems(files: SchemaFile[], operations: OperationDefinition[]): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const ajv = new Ajv({ ...AJV_OPTIONS, keywords: [...ANNOTATION_KEYWORDS] });
  addFormats(ajv);
  for (const f of files) {
    try {
      ajv.addSchema(f.body, f.id);
    } catch (err) {
      problems.push({ file: f.file, message: `不是合法的 JSON Schema：${(err as Error).message}` });
    }
  }

  // Each file against the meta-schema of its kind.
  for (const f of files) {
    const meta = META_OF_KIND[f.kind];
    if (!meta) continue;
    const validate = ajv.getSchema(schemaId(meta));
    if (!validate) {
      problems.push({ file: f.file, message: `缺少元描述 ${meta}` });
      continue;
    }
    if (!validate(f.body)) {
      for (const e of validate.errors ?? []) problems.push({ file: f.file, at: e.instancePath || '/', message: describeAjvError(e) });
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
  for (const f of files.filter((x) => x.kind === 'entities')) compile(f.file, '/', { $ref: f.id });
  const fileOfDomain = new Map(files.filter((f) => f.kind === 'api').map((f) => [f.body.domain as string, f.file]));
  for (const op of operations) {
    const file = fileOfDomain.get(op.domain) ?? 'api';
    compile(file, `/operations/${op.name}/request`, op.request);
    compile(file, `/operations/${op.name}/response`, op.response);
  }

  // Names that must exist.
  const permissionFile = files.find((f) => f.file === 'dicts/permissions.json');
  const permissions = new Set(((permissionFile?.body.items as { value: string }[]) ?? []).map((i) => i.value));
  if (!permissionFile) problems.push({ file: 'dicts/permissions.json', message: '缺少权限键字典' });
  const operationIds = new Set(operations.map((o) => o.id));
  const components = new Set<string>(COMPONENT_NAMES);

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

  const pages = files.filter((f) => f.kind === 'pages');
  const pagePaths = new Map<string, string>();
  for (const p of pages) {
    const path = p.body.path as string;
    if (pagePaths.has(path)) problems.push({ file: p.file, at: '/path', message: `路由 ${path} 已由 ${pagePaths.get(path)} 声明` });
    pagePaths.set(path, p.file);
  }
  const checkBody = (file: string, body: JsonSchema, root: string) =>
    walkFormily(body, root, (node, at) => {
      for (const key of ['x-component', 'x-decorator'] as const) {
        const name = node[key];
        if (typeof name === 'string' && !components.has(name)) problems.push({ file, at: `${at}/${key}`, message: `未注册的组件 ${name}` });
      }
      const permission = node['x-permission'];
      if (typeof permission === 'string' && !permissions.has(permission)) {
        problems.push({ file, at: `${at}/x-permission`, message: `未知的权限键 ${permission}` });
      }
      const props = node['x-component-props'] as JsonSchema | undefined;
      const operation = props?.operation;
      if (typeof operation === 'string' && !operationIds.has(operation)) {
        problems.push({ file, at: `${at}/x-component-props/operation`, message: `未知的接口 ${operation}` });
      }
    });
  for (const p of pages) {
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
  for (const f of files.filter((x) => x.kind === 'forms')) checkBody(f.file, f.body.schema as JsonSchema, '/schema');
  return problems;
}
