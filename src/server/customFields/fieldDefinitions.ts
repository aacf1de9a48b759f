import Ajv, { type ValidateFunction } from 'ajv';
import type { Selectable } from 'kysely';
import type { CustomFieldsTable } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import type { CustomField, CustomFieldInput } from '../../generated/types.js';
import { badRequest, forbidden } from '../http/apiError.js';
import type { Session } from '../auth/session.js';
import {
  COPYRIGHT_MODULE,
  COPYRIGHT_TYPE_NAME,
  COPYRIGHT_TYPE_TITLE,
  FIELD_TYPES,
  choiceOptionsProblem,
  defaultContent,
  defaultDateSettings,
  isChoice,
  isFilterable,
  namedOptions,
  optionsOf,
  reminderPeople,
  type ChoiceOption,
  type DateSettings,
} from '../../shared/customFieldRules.js';

export type FieldRow = Selectable<CustomFieldsTable>;

/** The type schemas (schemas/fields) compiled once per schema library. */
interface TypeSchemas {
  settings: ValidateFunction;
  value: ValidateFunction;
  filterable: boolean;
}
const compiled = new WeakMap<SchemaLibrary, Map<string, TypeSchemas>>();

export function fieldTypeSchemas(schemas: SchemaLibrary): Map<string, TypeSchemas> {
  let byType = compiled.get(schemas);
  if (!byType) {
    const ajv = new Ajv({ strict: false, allErrors: false });
    byType = new Map();
    for (const file of schemas.builtIns('fields')) {
      const body = file.body as { fieldType: string; settings: object; value: object; filterable?: boolean };
      byType.set(body.fieldType, { settings: ajv.compile(body.settings), value: ajv.compile(body.value), filterable: body.filterable !== false });
    }
    compiled.set(schemas, byType);
  }
  return byType;
}

/** The modules fields belong to, with the permission their records need (dicts/custom-field-modules.json). */
export function moduleOf(schemas: SchemaLibrary, type: number): { label: string; permission: string } {
  const dict = schemas.files.find((f) => f.file === 'dicts/custom-field-modules.json');
  const item = ((dict?.body.items as { value: number; label: string; permission: string }[]) ?? []).find((i) => i.value === type);
  if (!item) throw badRequest(`未知的模块：${type}`);
  return item;
}

/** Reading a module's fields and values needs the module's own permission. */
export function requireModule(schemas: SchemaLibrary, session: Session, type: number): void {
  const module = moduleOf(schemas, type);
  if (!session.permissions.has(module.permission)) throw forbidden(`没有“${module.label}”权限`);
}

export function toCustomField(row: FieldRow): CustomField {
  const content = row.field_content;
  const flag = (b: boolean) => (b ? 1 : 0) as 0 | 1;
  return {
    id: row.id,
    type: row.module_type,
    fieldTitle: row.title,
    name: row.locked && row.title === COPYRIGHT_TYPE_TITLE ? COPYRIGHT_TYPE_NAME : row.title,
    fieldDesc: row.description,
    isRequire: flag(row.is_require),
    fieldType: row.field_type as CustomField['fieldType'],
    fieldContent: JSON.stringify(content ?? {}),
    fieldTypeInfoVo: { type: row.field_type, contents: optionsOf(row.field_type, content) },
    state: row.state as 0 | 1,
    isTop: flag(row.is_top),
    isFilter: flag(row.is_filter),
    filter: flag(row.is_filter),
    sort: row.sort_order,
    locked: row.locked,
  };
}

/** The module's live fields in their order, pinned first. */
export async function loadFields(db: ScopedDb, type: number): Promise<FieldRow[]> {
  return db
    .selectFrom('custom_fields')
    .selectAll()
    .where('module_type', '=', type)
    .where('deleted', '=', false)
    .orderBy('is_top', 'desc')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** Copyright carries the built-in 版权类型 (shown as 作品类型) from its first read on. */
export async function ensureBuiltInFields(db: ScopedDb, orgId: number, type: number): Promise<void> {
  if (type !== COPYRIGHT_MODULE) return;
  const existing = await db.selectFrom('custom_fields').select('id').where('module_type', '=', type).where('locked', '=', true).executeTakeFirst();
  if (existing) return;
  const options: ChoiceOption[] = ['文字作品', '美术作品', '摄影作品', '视听作品', '计算机软件', '其他作品'].map((cont, i) => ({
    cont,
    color: ['#FFE7BA', '#D9F7BE', '#D6E4FF', '#FFD6E7', '#EFDBFF', '#E6FFFB'][i]!,
    value: cont,
  }));
  await db
    .insertInto('custom_fields')
    .values({
      org_id: orgId,
      module_type: type,
      title: COPYRIGHT_TYPE_TITLE,
      field_type: '单选',
      field_content: JSON.stringify(options),
      locked: true,
      sort_order: -1,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export interface Definition {
  title: string;
  description: string;
  isRequire: boolean;
  fieldType: string;
  content: unknown;
  isFilter: boolean;
}

function parseContent(text: string | undefined, fieldType: string): unknown {
  if (text === undefined || text.trim() === '') return defaultContent(fieldType);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('字段设置不是有效的 JSON');
  }
}

/**
 * A field's definition from a saved body, checked against its type's settings schema and the
 * spec's rules: a name, known type, at least one option for choices, filters only where allowed,
 * reminder people who are members of the organisation.
 */
export async function checkDefinition(db: ScopedDb, schemas: SchemaLibrary, input: CustomFieldInput, current?: FieldRow): Promise<Definition> {
  const title = (input.fieldTitle ?? current?.title ?? '').trim();
  if (!title) throw badRequest('请输入字段名称');
  if ([...title].length > 20) throw badRequest('字段名称不能超过 20 个字符');
  const fieldType = input.fieldType ?? current?.field_type;
  if (!fieldType || !(FIELD_TYPES as readonly string[]).includes(fieldType)) throw badRequest('请选择字段类型');
  let content =
    input.fieldContent !== undefined || !current || current.field_type !== fieldType ? parseContent(input.fieldContent, fieldType) : current.field_content;
  if (isChoice(fieldType)) {
    const options = Array.isArray(content) ? (content as ChoiceOption[]) : [];
    if (!options.every((o) => o && typeof o === 'object' && typeof o.cont === 'string')) throw badRequest('选项格式不正确');
    const problem = choiceOptionsProblem(options.map((o) => ({ cont: o.cont, color: o.color ?? '', value: o.value ?? '' })));
    if (problem) throw badRequest(problem);
    content = namedOptions(options).map((o) => ({ cont: o.cont, color: o.color ?? '#D6E4FF', value: o.value ?? '' }));
  } else if (fieldType === '日期') {
    content = { ...defaultDateSettings(), ...(content as DateSettings) };
  }
  const types = fieldTypeSchemas(schemas).get(fieldType);
  if (!types) throw badRequest('请选择字段类型');
  if (!types.settings(content))
    throw badRequest(`${title}的设置不正确：${types.settings.errors?.[0]?.instancePath ?? ''} ${types.settings.errors?.[0]?.message ?? ''}`.trim());
  if (fieldType === '日期') {
    const settings = content as DateSettings;
    const people = reminderPeople(settings.人员);
    if (settings.设置期限提醒 && people.length === 0) throw badRequest('请选择提醒人员');
    if (people.length > 0) {
      const found = await db.selectFrom('users').select('id').where('id', 'in', people).where('deleted_at', 'is', null).execute();
      if (found.length !== people.length) throw badRequest('提醒人员不存在或已删除');
    }
    settings.人员 = people.join(',');
  }
  const isFilter = input.isFilter !== undefined ? input.isFilter === 1 : (current?.is_filter ?? false);
  if (isFilter && (!isFilterable(fieldType) || !types.filterable)) throw badRequest('数字和附件字段不能设为筛选');
  return {
    title,
    description: (input.fieldDesc ?? current?.description ?? '').trim(),
    isRequire: input.isRequire !== undefined ? input.isRequire === 1 : (current?.is_require ?? false),
    fieldType,
    content,
    isFilter,
  };
}

export function refuseLocked(row: FieldRow, action: '修改' | '删除'): void {
  if (row.locked) throw badRequest(`内置字段“${toCustomField(row).name}”不能${action}`);
}

/** A title used by another live field of the module. */
export async function titleTaken(db: ScopedDb, type: number, title: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('custom_fields').select('id').where('module_type', '=', type).where('deleted', '=', false).where('title', '=', title);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}
