import type { JsonSchema } from '../src/shared/operation.js';
import type { SchemaFile } from '../src/schemaSource/schemaFiles.js';

const GENERATED_NOTE = '<!-- 由 `npm run generate` 根据 schemas/components 生成，请修改描述文件而不是本文件。 -->\n';

const KIND_TEXT: Record<string, string> = {
  field: '字段控件（放在数据节点上，值由表单保存）',
  block: '构件（放在 void 节点上）',
  decorator: '装饰器（用在 x-decorator）',
};

const FORMAT_TEXT: Record<string, string> = { operation: '接口标识', permission: '权限键', route: '站内路由' };

/** A prop's type in a few words, for the props table. */
function typeText(schema: JsonSchema): string {
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref.split('/').pop() ?? '';
    return target === 'formily.schema.json' ? 'Formily 节点' : target.replace(/\.json$/, '');
  }
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => `\`${JSON.stringify(v)}\``).join(' \\| ');
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  const variants = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (variants) return variants.map(typeText).join(' \\| ');
  if (typeof schema.format === 'string' && FORMAT_TEXT[schema.format]) return FORMAT_TEXT[schema.format];
  const type = Array.isArray(schema.type) ? schema.type.join(' \\| ') : String(schema.type ?? '任意');
  if (type === 'array' && schema.items && typeof schema.items === 'object') return `${typeText(schema.items as JsonSchema)}[]`;
  return type;
}

const cell = (text: unknown) =>
  String(text ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n+/g, ' ');

function propsTable(props: JsonSchema): string {
  const properties = Object.entries((props.properties ?? {}) as Record<string, JsonSchema>);
  if (properties.length === 0) return '没有属性。\n';
  const required = new Set((props.required as string[] | undefined) ?? []);
  const rows = properties.map(([key, schema]) => {
    const fallback = schema.default === undefined ? '' : `\`${JSON.stringify(schema.default)}\``;
    return `| \`${key}\`${required.has(key) ? '（必填）' : ''} | ${cell(schema.title)} | ${typeText(schema)} | ${fallback} | ${cell(schema.description)} |`;
  });
  return ['| 属性 | 名称 | 类型 | 默认 | 说明 |', '|---|---|---|---|---|', ...rows].join('\n') + '\n';
}

function blockPage(file: SchemaFile): string {
  const c = file.body;
  const lines = [
    GENERATED_NOTE,
    `# ${c.title as string}（${c.name as string}）`,
    '',
    `分组：${c.group as string} · ${KIND_TEXT[c.kind as string]}${c.valueType ? ` · 值类型：${c.valueType as string}` : ''}`,
    '',
    ...(c.description ? [c.description as string, ''] : []),
    '## 属性（x-component-props）',
    '',
    propsTable(c.props as JsonSchema),
    '## 示例',
    '',
    '```json',
    JSON.stringify(c.example, null, 2),
    '```',
    '',
  ];
  return lines.join('\n');
}

/** docs/blocks/: one page per building block and an index by group, from schemas/components. */
export function generateBlockDocs(files: SchemaFile[]): Record<string, string> {
  const components = files.filter((f) => f.kind === 'components').sort((a, b) => String(a.body.name).localeCompare(String(b.body.name)));
  const out: Record<string, string> = {};
  const groups = new Map<string, SchemaFile[]>();
  for (const file of components) {
    out[`docs/blocks/${file.body.name as string}.md`] = blockPage(file);
    const group = file.body.group as string;
    groups.set(group, [...(groups.get(group) ?? []), file]);
  }
  const index = [
    GENERATED_NOTE,
    '# 构件一览',
    '',
    '页面描述在 `x-component`（或 `x-decorator`）中写构件名；`x-component-props` 按构件描述（`schemas/components/构件名.json`）中的 `props` 校验，`npm run check:schemas` 会指出不符之处。',
    '',
    ...[...groups].flatMap(([group, list]) => [
      `## ${group}`,
      '',
      ...list.map(
        (f) =>
          `- [${f.body.title as string}（${f.body.name as string}）](${f.body.name as string}.md)${f.body.description ? `：${firstSentence(f.body.description as string)}` : ''}`,
      ),
      '',
    ]),
  ];
  out['docs/blocks/README.md'] = index.join('\n');
  return out;
}

function firstSentence(text: string): string {
  const end = text.search(/[。；\n]/);
  return end < 0 ? text : text.slice(0, end + 1);
}
