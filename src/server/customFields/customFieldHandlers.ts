import { sql } from 'kysely';
import type { HandlersOf, TenantContext } from '../http/context.js';
import { badRequest, notFound } from '../http/apiError.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { CustomFieldInput } from '../../generated/types.js';
import { MAX_PINNED, PINNED_LIMIT_TEXT, isFilterable } from '../../shared/customFieldRules.js';
import {
  checkDefinition,
  ensureBuiltInFields,
  loadFields,
  moduleOf,
  refuseLocked,
  requireModule,
  titleTaken,
  toCustomField,
  type Definition,
  type FieldRow,
} from './fieldDefinitions.js';
import { checkValues, writeTrademarkValues } from './fieldValues.js';
import { refreshReminders } from './reminders.js';
import { requireVisibleMarks, visibleMark } from '../trademarks/visibleMarks.js';
import { archiveViewer } from '../trademarks/archiveViewer.js';

/** The module whose records are brand_archives rows. */
const TRADEMARK_MODULE = 1;
/** Records one batch edit may name. */
const MAX_BATCH_RECORDS = 1000;

const idList = (text: string | undefined) => [...new Set((text ?? '').split(',').filter(Boolean).map(Number))];
const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

const columnsOf = (d: Definition) => ({
  title: d.title,
  description: d.description,
  is_require: d.isRequire,
  field_type: d.fieldType,
  field_content: JSON.stringify(d.content),
  is_filter: d.isFilter,
});

async function listReply(db: ScopedDb, type: number, message: string) {
  return { message, list: (await loadFields(db, type)).map(toCustomField) };
}

async function liveField(db: ScopedDb, type: number, id: number): Promise<FieldRow> {
  const row = await db
    .selectFrom('custom_fields')
    .selectAll()
    .where('id', '=', id)
    .where('module_type', '=', type)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!row) throw notFound('字段不存在或已删除');
  return row;
}

/** Date fields' pending reminders follow their settings. */
async function refreshFieldReminders(db: ScopedDb, rows: FieldRow[]): Promise<void> {
  for (const row of rows) if (row.field_type === '日期' || row.deleted) await refreshReminders(db, row, null);
}

/** A locked field may come along in a full-list save only unchanged in what defines it. */
function lockedUnchanged(row: FieldRow, input: CustomFieldInput): boolean {
  const same = (a: unknown, b: unknown) => a === undefined || a === b;
  let content = true;
  if (input.fieldContent !== undefined) {
    try {
      content = JSON.stringify(JSON.parse(input.fieldContent)) === JSON.stringify(row.field_content);
    } catch {
      content = false;
    }
  }
  return same(input.fieldTitle?.trim(), row.title) && same(input.fieldType, row.field_type) && same(input.fieldDesc?.trim(), row.description) && content;
}

async function saveTrademarkValues(ctx: TenantContext, ids: number[], values: Record<string, unknown>) {
  const fields = new Map((await loadFields(ctx.db, TRADEMARK_MODULE)).map((f) => [f.id, f]));
  const checked = await checkValues(ctx.db, ctx.schemas, fields, values);
  const updated = await writeTrademarkValues(ctx.db, ids, checked);
  const touched = [...Object.keys(checked.set), ...checked.cleared].map(Number);
  for (const id of touched) {
    const field = fields.get(id)!;
    if (field.field_type === '日期') await refreshReminders(ctx.db, field, ids);
  }
  return updated;
}

export const customFieldHandlers: HandlersOf<'customField'> = {
  'customField.getCustomFieldList': async (body, ctx) => {
    requireModule(ctx.schemas, ctx.session, body.type);
    await ensureBuiltInFields(ctx.db, ctx.session.orgId, body.type);
    const rows = await loadFields(ctx.db, body.type);
    return rows.filter((r) => body.state === undefined || r.state === body.state).map(toCustomField);
  },

  'customField.updateCustomFields': async (body, ctx) => {
    moduleOf(ctx.schemas, body.type);
    const existing = new Map((await loadFields(ctx.db, body.type)).map((r) => [r.id, r]));
    const deletes: FieldRow[] = [];
    const updates: { row: FieldRow; definition: Definition; input: CustomFieldInput; position: number }[] = [];
    const inserts: { definition: Definition; input: CustomFieldInput; position: number }[] = [];
    const seen = new Set<number>();
    for (const [position, input] of body.fields.entries()) {
      if (input.id === undefined) {
        if (input.delete === 1) continue; // Never saved: nothing to drop.
        inserts.push({ definition: await checkDefinition(ctx.db, ctx.schemas, input), input, position });
        continue;
      }
      const row = existing.get(input.id);
      if (!row || seen.has(input.id)) throw notFound(row ? '同一字段出现了两次' : '字段不存在或已删除');
      seen.add(input.id);
      if (input.delete === 1) {
        refuseLocked(row, '删除');
        deletes.push(row);
        continue;
      }
      if (row.locked && !lockedUnchanged(row, input)) refuseLocked(row, '修改');
      const definition = row.locked
        ? {
            title: row.title,
            description: row.description,
            isRequire: row.is_require,
            fieldType: row.field_type,
            content: row.field_content,
            isFilter: input.isFilter !== undefined ? input.isFilter === 1 : row.is_filter,
          }
        : await checkDefinition(ctx.db, ctx.schemas, input, row);
      updates.push({ row, definition, input, position });
    }
    // What the module holds afterwards: titles unique, at most five pinned.
    const kept = [...existing.values()].filter((r) => !seen.has(r.id));
    const titles = [...kept.map((r) => r.title), ...updates.map((u) => u.definition.title), ...inserts.map((i) => i.definition.title)];
    const twice = titles.find((t, i) => titles.indexOf(t) !== i);
    if (twice) throw badRequest(`字段名称“${twice}”已存在`);
    const pinned =
      kept.filter((r) => r.is_top).length +
      updates.filter((u) => (u.input.isTop !== undefined ? u.input.isTop === 1 : u.row.is_top)).length +
      inserts.filter((i) => i.input.isTop === 1).length;
    if (pinned > MAX_PINNED) throw badRequest(PINNED_LIMIT_TEXT);

    const changed: FieldRow[] = [];
    if (deletes.length > 0) {
      changed.push(
        ...(await ctx.db
          .updateTable('custom_fields')
          .set({ deleted: true, updated_at: new Date() })
          .where(
            'id',
            'in',
            deletes.map((d) => d.id),
          )
          .returningAll()
          .execute()),
      );
    }
    // Free the titles first, so two fields may swap names in one save.
    if (updates.length > 0) {
      await ctx.db
        .updateTable('custom_fields')
        .set({ title: sql<string>`'#' || id::text` })
        .where(
          'id',
          'in',
          updates.map((u) => u.row.id),
        )
        .execute();
    }
    for (const u of updates) {
      const row = await ctx.db
        .updateTable('custom_fields')
        .set({
          ...columnsOf(u.definition),
          state: u.input.state ?? u.row.state,
          is_top: u.input.isTop !== undefined ? u.input.isTop === 1 : u.row.is_top,
          sort_order: u.position,
          updated_at: new Date(),
        })
        .where('id', '=', u.row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      changed.push(row);
    }
    for (const i of inserts) {
      changed.push(
        await ctx.db
          .insertInto('custom_fields')
          .values({
            org_id: ctx.session.orgId,
            module_type: body.type,
            ...columnsOf(i.definition),
            state: i.input.state ?? 1,
            is_top: i.input.isTop === 1,
            sort_order: i.position,
            created_by: ctx.session.userId,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    }
    // Fields the list left out go after the listed ones, in their old order.
    for (const [n, row] of kept.sort((a, b) => a.sort_order - b.sort_order || a.id - b.id).entries()) {
      await ctx.db
        .updateTable('custom_fields')
        .set({ sort_order: body.fields.length + n })
        .where('id', '=', row.id)
        .execute();
    }
    await refreshFieldReminders(ctx.db, changed);
    return listReply(ctx.db, body.type, '保存成功');
  },

  'customField.sortCustomField': async (body, ctx) => {
    moduleOf(ctx.schemas, body.fieldType);
    const existing = await loadFields(ctx.db, body.fieldType);
    const byId = new Map(existing.map((r) => [r.id, r]));
    const order = idList(body.ids);
    const pinned = idList(body.isTop);
    for (const [ids, title] of [
      [order, '字段顺序'],
      [pinned, '固定的字段'],
    ] as const) {
      const unknown = ids.find((id) => !byId.has(id));
      if (unknown !== undefined) throw notFound(`${title}中的字段不存在或已删除：${unknown}`);
    }
    if (pinned.length > MAX_PINNED) throw badRequest(PINNED_LIMIT_TEXT);
    const before = new Set(existing.filter((r) => r.is_top).map((r) => r.id));
    const rest = existing.filter((r) => !order.includes(r.id)).map((r) => r.id);
    for (const [position, id] of [...order, ...rest].entries()) {
      await ctx.db
        .updateTable('custom_fields')
        .set({ sort_order: position, is_top: pinned.includes(id), updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    }
    const added = pinned.some((id) => !before.has(id));
    const removed = [...before].some((id) => !pinned.includes(id));
    return listReply(ctx.db, body.fieldType, added ? '固定成功！' : removed ? '取消固定成功！' : '移动成功！');
  },

  'customField.setCustomField': async (body, ctx) => {
    moduleOf(ctx.schemas, body.type);
    const definesField = body.fieldTitle !== undefined || body.fieldType !== undefined || body.fieldContent !== undefined;
    if (body.delete === 1) {
      if (body.id === undefined) throw badRequest('请选择要删除的字段');
      const row = await liveField(ctx.db, body.type, body.id);
      refuseLocked(row, '删除');
      const gone = await ctx.db
        .updateTable('custom_fields')
        .set({ deleted: true, updated_at: new Date() })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await refreshReminders(ctx.db, gone, null);
      return { message: '删除成功！', field: null };
    }
    if (definesField) {
      const current = body.id !== undefined ? await liveField(ctx.db, body.type, body.id) : undefined;
      if (current) refuseLocked(current, '修改');
      const definition = await checkDefinition(ctx.db, ctx.schemas, body, current);
      if (await titleTaken(ctx.db, body.type, definition.title, current?.id)) throw badRequest(`字段名称“${definition.title}”已存在`);
      let row: FieldRow;
      if (current) {
        row = await ctx.db
          .updateTable('custom_fields')
          .set({ ...columnsOf(definition), state: body.state ?? current.state, updated_at: new Date() })
          .where('id', '=', current.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      } else {
        const last = await ctx.db
          .selectFrom('custom_fields')
          .select(sql<number>`coalesce(max(sort_order), -1)::int`.as('n'))
          .where('module_type', '=', body.type)
          .where('deleted', '=', false)
          .executeTakeFirstOrThrow();
        row = await ctx.db
          .insertInto('custom_fields')
          .values({
            org_id: ctx.session.orgId,
            module_type: body.type,
            ...columnsOf(definition),
            state: body.state ?? 1,
            sort_order: last.n + 1,
            created_by: ctx.session.userId,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      await refreshReminders(ctx.db, row, null);
      return { message: '保存成功', field: toCustomField(row) };
    }
    if (body.id === undefined) throw badRequest('请选择字段');
    const row = await liveField(ctx.db, body.type, body.id);
    if (body.state !== undefined) {
      const updated = await ctx.db
        .updateTable('custom_fields')
        .set({ state: body.state, updated_at: new Date() })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { message: body.state === 1 ? '显示成功！' : '隐藏成功！', field: toCustomField(updated) };
    }
    if (body.isFilter !== undefined) {
      if (body.isFilter === 1 && !isFilterable(row.field_type)) throw badRequest('数字和附件字段不能设为筛选');
      const updated = await ctx.db
        .updateTable('custom_fields')
        .set({ is_filter: body.isFilter === 1, updated_at: new Date() })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { message: body.isFilter === 1 ? '设置筛选成功！' : '取消筛选成功！', field: toCustomField(updated) };
    }
    throw badRequest('请说明要修改的内容');
  },

  'customField.setCustomFieldData': async (body, ctx) => {
    requireModule(ctx.schemas, ctx.session, body.type);
    if (body.type !== TRADEMARK_MODULE) throw badRequest(`${moduleOf(ctx.schemas, body.type).label}暂不支持批量修改自定义字段`);
    const ids = idList(body.key);
    if (ids.length > MAX_BATCH_RECORDS) throw badRequest(`一次最多修改 ${MAX_BATCH_RECORDS} 条记录`);
    if (!ids.every(validId)) throw badRequest('记录编号无效');
    const found = await ctx.db.selectFrom('brand_archives').select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw notFound('所选记录中有不存在或已删除的商标档案');
    // An agency user changes only the marks they are responsible for, as everywhere in the archive.
    await requireVisibleMarks(ctx.db, archiveViewer(ctx.session), ids);
    const entries = Object.entries(body.data);
    if (entries.length === 0) throw badRequest('请先选择所有要修改的字段');
    const fields = await loadFields(ctx.db, body.type);
    const values: Record<string, unknown> = {};
    for (const [key, value] of entries) {
      const field = fields.find((f) => String(f.id) === key.trim()) ?? fields.find((f) => f.title === key.trim() || toCustomField(f).name === key.trim());
      if (!field) throw badRequest(`自定义字段不存在或已删除：${key}`);
      if (String(field.id) in values) throw badRequest(`字段“${toCustomField(field).name}”只能修改一次`);
      values[String(field.id)] = value;
    }
    const updated = await saveTrademarkValues(ctx, ids, values);
    return { message: '修改成功', updated };
  },

  'customField.setTmArchiveCustomFieldData': async (body, ctx) => {
    const record = await ctx.db.selectFrom('brand_archives').select('id').where('id', '=', body.id).executeTakeFirst();
    if (!record) throw notFound('商标档案不存在或已删除');
    await visibleMark(ctx.db, archiveViewer(ctx.session), body.id);
    await saveTrademarkValues(ctx, [body.id], body.customValues);
    const saved = await ctx.db.selectFrom('brand_archives').select('custom_values').where('id', '=', body.id).executeTakeFirstOrThrow();
    return { id: body.id, customValues: saved.custom_values, message: '保存成功' };
  },
};
