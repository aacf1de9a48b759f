import type { JsonSchema } from '../../../src/shared/operation.js';

/**
 * Bad request bodies derived from an operation's request schema: a plausible body first (required
 * fields with values of their type, references to the caller's own rows), then one field at a time
 * missing, of the wrong type, out of range, too long, with characters no column stores, pointing at
 * a row that does not exist or belongs to another organisation, or holding markup-and-SQL-looking text.
 */

/** Where a value sits in a body: property names and array indexes. */
export type BodyPath = (string | number)[];

/** Shared schemas by `$id`, for the `$ref`s of requests (the generated table writes them absolute). */
export type SchemaIndex = ReadonlyMap<string, JsonSchema>;

/** The values a reference field takes: the caller's own row, one that does not exist, one of another organisation. */
export interface ReferenceValues {
  own: string | number;
  missing: string | number;
  /** Absent for rows every organisation shares (the register, release notes). */
  foreign?: string | number;
}

/** One place of a request a value is put. */
export interface FieldSite {
  path: BodyPath;
  /** The field's name: the last property name on the path. */
  name: string;
  /** Its schema title; an array item without one takes its list's. */
  title: string;
  schema: JsonSchema;
  required: boolean;
  /** The `$id`s of the shared schemas it sits in, outermost first. */
  within: string[];
}

/**
 * refused: a 4xx whose Chinese message names the field; reference: the same, for a row that is not the caller's;
 * text: taken as it is (stored exactly as sent) or refused in Chinese; never a 5xx, and nothing changes unless taken.
 */
export type Expectation = 'refused' | 'reference' | 'text';

export interface Mutation {
  /** What was done, for the failure message: `tmName: 过长`. */
  label: string;
  site: FieldSite | null;
  body: Record<string, unknown>;
  expect: Expectation;
  /** What a refusal must name when not the field's title: the unexpected field's name. */
  named?: string;
  /** For `text`: the probe sent, and whether the field is rich text (cleaned, not stored as sent). */
  probe?: { text: string; html: boolean };
}

// No `--`: in a personal applicant's name it is the separator before the address (shared/applicantName.ts).
const TEXT_MARKUP = "<img src=x onerror=alert(1)>' OR '1'='1'; DROP TABLE users; /*";
const SHORT_MARKUP = "<b>';/*";

/** The types a field's value may have: its `type`, else those of its `enum` or `const`. */
const typeNames = (schema: JsonSchema): string[] => {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  const values = 'const' in schema ? [schema.const] : Array.isArray(schema.enum) ? (schema.enum as unknown[]) : [];
  return [...new Set(values.map((v) => (v === null ? 'null' : Number.isInteger(v) ? 'integer' : typeof v)))];
};

const mainType = (schema: JsonSchema) => typeNames(schema).find((t) => t !== 'null');

/** The schema a `$ref` points at, followed until it is no `$ref`, and the refs followed. */
function deref(node: JsonSchema, index: SchemaIndex): { schema: JsonSchema; refs: string[] } {
  const refs: string[] = [];
  let schema = node;
  while (typeof schema.$ref === 'string') {
    const target = index.get(schema.$ref);
    if (!target) throw new Error(`找不到 ${schema.$ref}`);
    refs.push(schema.$ref);
    schema = target;
  }
  return { schema, refs };
}

/** A field's title: its own, else the one it inherits (an entity's own title is its type name, not a field's). */
function titleOf(node: JsonSchema, resolved: JsonSchema, refs: string[], inherited: string): string {
  if (typeof node.title === 'string') return node.title;
  if (refs.length === 0 && typeof resolved.title === 'string') return resolved.title;
  return inherited;
}

/**
 * A short text a pattern accepts: the fewest repetitions, the first alternative, the first character
 * of a class (`\d` is 1, so an id list reads "1"). Covers the regular expressions request schemas use.
 */
export function exampleOfPattern(pattern: string): string {
  let at = 0;
  const classChar = (): string => {
    const negated = pattern[at] === '^';
    if (negated) at++;
    let first: string | null = null;
    while (pattern[at] !== ']') {
      let c = pattern[at++]!;
      if (c === '\\') c = escapeChar(pattern[at++]!);
      if (pattern[at] === '-' && pattern[at + 1] !== ']') at += 2;
      first ??= c;
    }
    at++;
    if (negated) return first === 'x' ? 'y' : 'x';
    return first!;
  };
  const escapeChar = (c: string): string => ({ d: '1', w: 'a', s: ' ', S: 'x', D: 'x', W: '-' })[c] ?? c;
  const atom = (): string => {
    const c = pattern[at++]!;
    if (c === '(') {
      if (pattern.startsWith('?:', at)) at += 2;
      const text = alternatives();
      at++; // ')'
      return text;
    }
    if (c === '[') return classChar();
    if (c === '\\') return escapeChar(pattern[at++]!);
    if (c === '.') return 'x';
    return c;
  };
  const repetitions = (): number => {
    const q = pattern[at];
    if (q === '?' || q === '*') {
      at++;
      return 0;
    }
    if (q === '+') {
      at++;
      return 1;
    }
    if (q === '{') {
      const close = pattern.indexOf('}', at);
      const min = Number(pattern.slice(at + 1, close).split(',')[0]);
      at = close + 1;
      return min;
    }
    return 1;
  };
  const sequence = (): string => {
    let text = '';
    while (at < pattern.length && pattern[at] !== '|' && pattern[at] !== ')') {
      if (pattern[at] === '^' || pattern[at] === '$') {
        at++;
        continue;
      }
      const piece = atom();
      text += piece.repeat(repetitions());
    }
    return text;
  };
  const alternatives = (): string => {
    const first = sequence();
    while (pattern[at] === '|') {
      at++;
      sequence();
    }
    return first;
  };
  const text = alternatives();
  if (!new RegExp(pattern, 'u').test(text)) throw new Error(`无法为 ${pattern} 构造取值（得到 ${JSON.stringify(text)}）`);
  return text;
}

/**
 * Shapes a reference to a field's type: a number for an integer, text for a string, a one-item
 * list for a list.
 */
function shapedReference(schema: JsonSchema, value: string | number, items: () => JsonSchema): unknown {
  const type = mainType(schema);
  if (type === 'array') return [shapedReference(items(), value, () => ({}))];
  if (type === 'integer' || type === 'number') return Number(value);
  return String(value);
}

export interface Derivation {
  index: SchemaIndex;
  /**
   * The reference values for a field when it refers to a row (or another named thing), by its name,
   * its title and the `$id`s of the shared schemas it sits in (a query's conditions select, they refer to nothing).
   */
  reference(name: string, title: string, within: readonly string[]): ReferenceValues | undefined;
}

/** A request schema walked once: its fields, a plausible body, and each field's bad values. */
export class RequestShape {
  readonly sites: FieldSite[] = [];
  private readonly html = new Set<string>();
  /** Numbers the plausible texts, so two bodies never collide on a unique text (an application number). */
  private serial = 0;

  constructor(
    private readonly request: JsonSchema,
    private readonly derivation: Derivation,
  ) {
    this.walk(request, [], '', false, []);
  }

  private walk(node: JsonSchema, path: BodyPath, title: string, required: boolean, seen: string[]): void {
    const { schema, refs } = deref(node, this.derivation.index);
    if (refs.some((r) => seen.includes(r))) return;
    const inner = [...seen, ...refs];
    const ownTitle = path.length > 0 ? titleOf(node, schema, refs, title) : '';
    if (path.length > 0) {
      const name = [...path].reverse().find((p) => typeof p === 'string') as string;
      this.sites.push({ path, name, title: ownTitle || name, schema, required, within: inner });
      if (schema.contentMediaType === 'text/html') this.html.add(JSON.stringify(path));
    }
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const requiredNames = (schema.required ?? []) as string[];
    for (const [name, child] of Object.entries(properties)) this.walk(child, [...path, name], '', requiredNames.includes(name), inner);
    if (mainType(schema) === 'array' && schema.items && typeof schema.items === 'object') {
      this.walk(schema.items as JsonSchema, [...path, 0], ownTitle, true, inner);
    }
  }

  private resolved(node: JsonSchema): JsonSchema {
    return deref(node, this.derivation.index).schema;
  }

  /** A value the field takes: its own row for a reference, else the first allowed value of its type. */
  plausible(node: JsonSchema, name = '', title = '', seen: string[] = []): unknown {
    const { schema, refs } = deref(node, this.derivation.index);
    const fieldTitle = titleOf(node, schema, refs, title);
    const reference = fieldTitle ? this.derivation.reference(name, fieldTitle, [...seen, ...refs]) : undefined;
    if (reference) return shapedReference(schema, reference.own, () => this.resolved(schema.items as JsonSchema));
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum)) return schema.enum[0];
    switch (mainType(schema)) {
      case 'string':
        return plausibleText(schema, ++this.serial);
      case 'integer':
      case 'number':
        return Math.min(Math.max(1, Number(schema.minimum ?? 1)), Number(schema.maximum ?? 1));
      case 'boolean':
        return false;
      case 'array': {
        const items = schema.items as JsonSchema;
        const itemRefs = deref(items, this.derivation.index).refs;
        // A tree's children stay empty.
        if (itemRefs.some((r) => seen.includes(r) || refs.includes(r))) return [];
        const count = Math.max(1, Number(schema.minItems ?? 0));
        return Array.from({ length: count }, () => this.plausible(items, name, fieldTitle, [...seen, ...refs]));
      }
      case 'object': {
        const body: Record<string, unknown> = {};
        const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
        for (const key of (schema.required ?? []) as string[]) body[key] = this.plausible(properties[key]!, key, '', [...seen, ...refs]);
        return body;
      }
      default:
        return null;
    }
  }

  /** The body every mutation starts from: the required fields, each with a plausible value. */
  baseBody(): Record<string, unknown> {
    return this.plausible(this.request) as Record<string, unknown>;
  }

  /** The base body with `value` at `path`, the places above it filled in when the base has none. */
  with(path: BodyPath, value: unknown): Record<string, unknown> {
    const body = this.baseBody();
    let holder: Record<string | number, unknown> = body;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i]!;
      if (holder[key] === undefined) {
        const site = this.sites.find((s) => JSON.stringify(s.path) === JSON.stringify(path.slice(0, i + 1)))!;
        holder[key] = this.plausible(site.schema, site.name, site.title, site.within);
        if (Array.isArray(holder[key]) && (holder[key] as unknown[]).length === 0) {
          const items = this.sites.find((s) => JSON.stringify(s.path) === JSON.stringify([...path.slice(0, i + 1), 0]));
          (holder[key] as unknown[]).push(this.plausible(items!.schema, items!.name, items!.title, items!.within));
        }
      }
      holder = holder[key] as Record<string | number, unknown>;
    }
    const last = path[path.length - 1]!;
    if (value === ABSENT) delete holder[last];
    else holder[last] = value;
    return body;
  }

  /** Every bad body for this request, one field changed in each. */
  mutations(): Mutation[] {
    const out: Mutation[] = [];
    const add = (site: FieldSite, label: string, value: unknown, expect: Expectation = 'refused') =>
      out.push({ label: `${site.path.join('.')}: ${label}`, site, body: this.with(site.path, value), expect });
    const root = this.resolved(this.request);
    if (root.additionalProperties === false) {
      out.push({ label: '多余的字段', site: null, body: { ...this.baseBody(), unexpectedField: 1 }, expect: 'refused', named: 'unexpectedField' });
    }
    for (const site of this.sites) {
      const { schema } = site;
      const types = typeNames(schema);
      const type = mainType(schema);
      const reference = this.derivation.reference(site.name, site.title, site.within);
      if (site.required && typeof site.path[site.path.length - 1] === 'string') add(site, '缺少', ABSENT);
      const wrong = wrongTypeValue(types);
      if (wrong !== undefined) add(site, '类型不对', wrong);
      if (Array.isArray(schema.enum) || 'const' in schema) {
        const outside = outsideEnum(schema);
        if (outside !== undefined) add(site, '不在可选值中', outside);
      }
      if (type === 'integer' || type === 'number') {
        if (typeof schema.maximum === 'number') add(site, '超过上限', schema.maximum + 1);
        if (typeof schema.minimum === 'number') add(site, '低于下限', schema.minimum - 1);
        if (type === 'integer') add(site, '不是整数', 1.5);
      }
      if (type === 'array') {
        const item = this.sites.find((s) => JSON.stringify(s.path) === JSON.stringify([...site.path, 0]));
        if (typeof schema.maxItems === 'number' && item) {
          const one = this.plausible(item.schema, item.name, item.title, item.within);
          add(
            site,
            '项数过多',
            Array.from({ length: schema.maxItems + 1 }, () => one),
          );
        }
        if (typeof schema.minItems === 'number' && schema.minItems > 0) add(site, '项数过少', []);
      }
      if (type === 'object' && schema.additionalProperties === false && site.path.length > 0) {
        const inner = { ...(this.plausible(schema, site.name, site.title, site.within) as object), unexpectedField: 1 };
        out.push({ label: `${site.path.join('.')}: 多余的字段`, site, body: this.with(site.path, inner), expect: 'refused', named: 'unexpectedField' });
      }
      if (type === 'string' && !Array.isArray(schema.enum) && !('const' in schema)) {
        const good = this.plausible(schema, site.name, site.title, site.within) as string;
        if (typeof schema.maxLength === 'number') add(site, '过长', '长'.repeat(schema.maxLength + 1));
        if (typeof schema.minLength === 'number' && schema.minLength > 0) add(site, '为空', '');
        if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test('不符合格式')) add(site, '格式不对', '不符合格式');
        if (schema.format === 'date') add(site, '日期不存在', '2026-02-30');
        if (schema.format === 'email') add(site, '格式不对', '不是邮箱');
        add(site, '含空字符', `${good}\u0000`);
        add(site, '含不成对的代理字符', `${good}\ud800`);
        // A secret (writeOnly) is stored sealed, so the probe cannot be found as sent.
        const free = schema.pattern === undefined && schema.format === undefined && !reference && schema.writeOnly !== true;
        const probe = markupProbe(schema);
        if (free && probe) {
          out.push({
            label: `${site.path.join('.')}: 标记与 SQL 样的文字`,
            site,
            body: this.with(site.path, probe),
            expect: 'text',
            probe: { text: probe, html: this.html.has(JSON.stringify(site.path)) },
          });
        }
      }
      if (reference && (type === 'integer' || type === 'string')) {
        add(
          site,
          '不存在的记录',
          shapedReference(schema, reference.missing, () => ({})),
          'reference',
        );
        if (reference.foreign !== undefined)
          add(
            site,
            '其他组织的记录',
            shapedReference(schema, reference.foreign, () => ({})),
            'reference',
          );
      }
    }
    return out;
  }
}

const ABSENT = Symbol('absent');

/** Free text is `t` and a number: four characters, which also read as base64 (a password field expects it). */
function plausibleText(schema: JsonSchema, serial: number): string {
  if (typeof schema.pattern === 'string') return exampleOfPattern(schema.pattern);
  if (schema.format === 'date') return '2026-01-15';
  if (schema.format === 'email') return 'someone@example.com';
  const text = `t${String(serial % 1000).padStart(3, '0')}`.padEnd(Number(schema.minLength ?? 0), 'x');
  return typeof schema.maxLength === 'number' ? text.slice(0, schema.maxLength) : text;
}

/** A value of a type the field does not take; none when it takes any. */
function wrongTypeValue(types: string[]): unknown {
  if (types.length === 0) return undefined;
  const takes = (...names: string[]) => names.some((n) => types.includes(n));
  if (takes('integer', 'number') && !takes('string')) return '1';
  if (!takes('string')) return '错误类型';
  if (!takes('integer', 'number')) return 12345;
  if (!takes('boolean')) return true;
  if (!takes('object')) return {};
  return undefined;
}

function outsideEnum(schema: JsonSchema): unknown {
  const allowed = 'const' in schema ? [schema.const] : (schema.enum as unknown[]);
  const numbers = allowed.filter((v): v is number => typeof v === 'number');
  if (numbers.length === allowed.length) return Math.max(...numbers) + 1;
  const candidate = '不在可选值中';
  return allowed.includes(candidate) ? undefined : candidate;
}

let probes = 0;

/** Text that looks like markup and SQL, numbered so each probe is found only where it was stored; none when the field is too short. */
function markupProbe(schema: JsonSchema): string | null {
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const n = ++probes;
  for (const text of [`${TEXT_MARKUP} #${n}`, `${SHORT_MARKUP}#${n}`]) if (text.length <= max) return text;
  return null;
}

export function schemaIndex(schemas: readonly JsonSchema[]): SchemaIndex {
  return new Map(schemas.filter((s) => typeof s.$id === 'string').map((s) => [s.$id as string, s]));
}
