import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { HandlersOf, TenantContext } from '../http/context.js';
import { badRequest, forbidden, notFound } from '../http/apiError.js';
import type { BrandMapsTable, Database } from '../db/tables.js';
import type { BrandArchiveQuery, BrandMap, BrandMapNode } from '../../generated/types.js';
import { addChild, addSibling, findNode, makeNode, newNodeId, removeNode, renameNode, subtreeIds, treeProblem, walkNodes } from '../../shared/brandMapTree.js';
import { archiveViewer, type ArchiveViewer } from './archiveViewer.js';
import { filterArchive } from './archiveFilter.js';
import { indexNodes, loadMaps, type NodePlace } from './trademarkTags.js';
import { registerMergeReference } from './mergeRegistry.js';

// A merge moves tags to the kept mark; a tag it already carries is dropped instead of doubled.
registerMergeReference({ table: 'brand_labels', column: 'brand_archive_id', uniqueWith: ['node_id'] });

/** Marks one call by list may name. */
const MAX_MARKS = 5000;
const DEFAULT_NODE_LABEL = '新节点';

/** The archive marks a call acts on, as a subquery of their ids. */
type MarkIds = SelectQueryBuilder<Database, 'brand_archives', { id: number }>;

const toBrandMap = (m: Selectable<BrandMapsTable>, withTree: boolean): BrandMap => ({
  id: m.id,
  name: m.name,
  color: m.color,
  sort: m.sort,
  nodeCount: [...walkNodes(m.map)].length - 1,
  ...(withTree ? { map: m.map } : {}),
});

function parseIds(text: string): number[] {
  const ids = [...new Set(text.split('#').map(Number))];
  if (ids.length > MAX_MARKS) throw badRequest(`一次最多选择 ${MAX_MARKS.toLocaleString('en-US')} 个商标`);
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)) throw badRequest('商标编号无效');
  return ids;
}

const parseNodes = (text: string | undefined): string[] => [...new Set((text ?? '').split(',').filter(Boolean))];

/** Own-archive marks by archive id, as the viewer may see them. */
const archiveMarks = async (ctx: TenantContext, viewer: ArchiveViewer, ids: number[]): Promise<MarkIds> =>
  (await filterArchive(ctx.db, ctx.db.selectFrom('brand_archives'), {}, viewer)).where('brand_archives.id', 'in', ids).select('brand_archives.id');

/** The organisation's archive marks linked to these register marks ("other" sources, e.g. search results). */
const registerMarks = async (ctx: TenantContext, viewer: ArchiveViewer, ids: number[]): Promise<MarkIds> =>
  (await filterArchive(ctx.db, ctx.db.selectFrom('brand_archives'), {}, viewer)).where('brand_archives.register_id', 'in', ids).select('brand_archives.id');

/** Marks matching the archive's filter form; paging and ordering do not apply. */
const filteredMarks = async (ctx: TenantContext, viewer: ArchiveViewer, filter: BrandArchiveQuery): Promise<MarkIds> =>
  (await filterArchive(ctx.db, ctx.db.selectFrom('brand_archives'), filter, viewer)).select('brand_archives.id');

async function countMarks(ctx: TenantContext, marks: MarkIds): Promise<number> {
  const row = await ctx.db
    .selectFrom(marks.as('m'))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Which tags every chosen mark has, and which only some have (spec 001 §3 "Tag selection reply"). */
async function selectionOf(ctx: TenantContext, marks: MarkIds) {
  const [count, perNode] = await Promise.all([
    countMarks(ctx, marks),
    ctx.db
      .selectFrom('brand_labels')
      .select(['node_id', sql<number>`count(*)::int`.as('num')])
      .where('brand_archive_id', 'in', marks)
      .groupBy('node_id')
      .orderBy('node_id')
      .execute(),
  ]);
  return {
    count,
    selectAll: perNode.filter((r) => count > 0 && r.num >= count).map((r) => r.node_id),
    partSelect: perNode.filter((r) => r.num < count).map((r) => ({ nodeId: r.node_id, num: r.num })),
  };
}

/** Node ids named by a save, each checked against the organisation's maps. */
async function resolveNodes(ctx: TenantContext, add: string[], del: string[]): Promise<Map<string, NodePlace>> {
  if (add.length > 0 && !ctx.session.permissions.has('addTags')) throw forbidden('没有“添加标签”权限');
  if (del.length > 0 && !ctx.session.permissions.has('delTags')) throw forbidden('没有“删除标签”权限');
  const both = add.filter((id) => del.includes(id));
  if (both.length > 0) throw badRequest('同一标签不能同时新增和删除');
  const places = indexNodes(await loadMaps(ctx.db));
  for (const [ids, field] of [
    [add, '新加的标签'],
    [del, '去掉的标签'],
  ] as const) {
    const unknown = ids.find((id) => !places.has(id));
    if (unknown !== undefined) throw badRequest(`${field}不存在或已删除：${unknown}`);
  }
  const root = add.map((id) => places.get(id)!).find((place) => place.isRoot);
  if (root) throw badRequest(`“${root.label}”是图谱本身，不能作为标签`);
  return places;
}

/** Applies additions and removals to every mark of `marks`, in the request's one transaction. */
async function applyLabels(ctx: TenantContext, marks: MarkIds, addText: string | undefined, delText: string | undefined) {
  const add = parseNodes(addText);
  const del = parseNodes(delText);
  const places = await resolveNodes(ctx, add, del);
  let removed = 0;
  if (del.length > 0) {
    const result = await ctx.db.deleteFrom('brand_labels').where('brand_archive_id', 'in', marks).where('node_id', 'in', del).executeTakeFirst();
    removed = Number(result.numDeletedRows);
  }
  let added = 0;
  for (const nodeId of add) {
    const result = await ctx.db
      .insertInto('brand_labels')
      .columns(['org_id', 'brand_archive_id', 'map_id', 'node_id', 'created_by'])
      .expression(
        marks
          .clearSelect()
          .select([
            sql<number>`${ctx.session.orgId}::int`.as('org_id'),
            'brand_archives.id as brand_archive_id',
            sql<number>`${places.get(nodeId)!.mapId}::int`.as('map_id'),
            sql<string>`${nodeId}::text`.as('node_id'),
            sql<number>`${ctx.session.userId}::int`.as('created_by'),
          ]),
      )
      .onConflict((oc) => oc.columns(['brand_archive_id', 'node_id']).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return { count: await countMarks(ctx, marks), added, removed };
}

/** A list save may only touch marks the person can see; naming others is refused outright. */
async function requireAllVisible(ctx: TenantContext, marks: MarkIds, ids: number[], register: boolean): Promise<void> {
  const found = await ctx.db
    .selectFrom('brand_archives')
    .select(register ? 'register_id as ref' : 'id as ref')
    .where('id', 'in', marks)
    .execute();
  const seen = new Set(found.map((r) => r.ref));
  const missing = ids.filter((id) => !seen.has(id));
  if (missing.length === 0) return;
  if (!register) throw notFound('商标不存在或无权查看');
  const numbers = await ctx.db.selectFrom('tm_register').select('app_no').where('id', 'in', missing.slice(0, 10)).execute();
  throw badRequest(`公告库商标不在本组织的商标档案中：${numbers.map((n) => n.app_no).join('、') || missing.slice(0, 10).join('、')}`);
}

/** Map names are how people tell maps apart: one name, one map. */
async function requireFreeName(ctx: TenantContext, name: string, exceptId: number | undefined): Promise<void> {
  const duplicate = await ctx.db
    .selectFrom('brand_maps')
    .select('id')
    .where('name', '=', name)
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId!))
    .executeTakeFirst();
  if (duplicate) throw badRequest(`图谱名称“${name}”已存在`);
}

async function mapForUpdate(ctx: TenantContext, id: number): Promise<Selectable<BrandMapsTable>> {
  const row = await ctx.db.selectFrom('brand_maps').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('知识图谱不存在或已删除');
  return row;
}

/** Node ids of the organisation's other maps, so a saved tree cannot reuse one. */
async function idsElsewhere(ctx: TenantContext, mapId: number | null): Promise<Set<string>> {
  const maps = await loadMaps(ctx.db);
  return new Set(maps.filter((m) => m.id !== mapId).flatMap((m) => subtreeIds(m.map)));
}

async function checkTree(ctx: TenantContext, root: BrandMapNode, mapId: number | null): Promise<void> {
  const problem = treeProblem(root);
  if (problem) throw badRequest(problem);
  const taken = await idsElsewhere(ctx, mapId);
  const clash = subtreeIds(root).find((id) => taken.has(id));
  if (clash) throw badRequest(`节点编号已被其他图谱使用：${clash}`);
}

async function storeTree(ctx: TenantContext, id: number, root: BrandMapNode, fields: { name?: string; color?: string; sort?: number } = {}) {
  return ctx.db
    .updateTable('brand_maps')
    .set({ ...fields, map: JSON.stringify(root), updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function dropLabelsOf(ctx: TenantContext, mapId: number, nodeIds: string[]): Promise<number> {
  if (nodeIds.length === 0) return 0;
  const result = await ctx.db.deleteFrom('brand_labels').where('map_id', '=', mapId).where('node_id', 'in', nodeIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const brandLabelsHandlers: HandlersOf<'brandLabels'> = {
  'brandLabels.mapList': async (body, ctx) => {
    const rows = await ctx.db.selectFrom('brand_maps').selectAll().orderBy('sort').orderBy('id').execute();
    return { list: rows.map((m) => toBrandMap(m, body.format === 1)) };
  },

  'brandLabels.mapDetails': async (body, ctx) => {
    const m = await ctx.db.selectFrom('brand_maps').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (!m) throw notFound('知识图谱不存在或已删除');
    return { id: m.id, name: m.name, color: m.color, sort: m.sort, map: JSON.stringify(m.map) };
  },

  'brandLabels.saveMap': async (body, ctx) => {
    const name = body.name.trim();
    if (!name) throw badRequest('请输入图谱名称');
    await requireFreeName(ctx, name, body.id);
    if (body.id === undefined) {
      const root = body.map ? renameNode(body.map, body.map.value, name) : makeNode(newNodeId(), name);
      await checkTree(ctx, root, null);
      const last = await ctx.db
        .selectFrom('brand_maps')
        .select(sql<number>`coalesce(max(sort), 0)::int`.as('n'))
        .executeTakeFirstOrThrow();
      const created = await ctx.db
        .insertInto('brand_maps')
        .values({ org_id: ctx.session.orgId, name, map: JSON.stringify(root), color: body.color ?? '', sort: body.sort ?? last.n + 1 })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toBrandMap(created, true);
    }
    const current = await mapForUpdate(ctx, body.id);
    // The root stands for the map itself, so it carries the map's name.
    const root = renameNode(body.map ?? current.map, (body.map ?? current.map).value, name);
    await checkTree(ctx, root, current.id);
    const kept = new Set(subtreeIds(root));
    await dropLabelsOf(
      ctx,
      current.id,
      subtreeIds(current.map).filter((id) => !kept.has(id)),
    );
    const saved = await storeTree(ctx, current.id, root, {
      name,
      ...(body.color !== undefined ? { color: body.color } : {}),
      ...(body.sort !== undefined ? { sort: body.sort } : {}),
    });
    return toBrandMap(saved, true);
  },

  'brandLabels.editNode': async (body, ctx) => {
    const current = await mapForUpdate(ctx, body.mapId);
    const found = findNode(current.map, body.nodeId);
    if (!found) throw notFound('节点不存在或已删除');
    const isRoot = found.parent === null;
    const label = (body.label ?? '').trim();
    let root = current.map;
    let nodeId = body.nodeId;
    let removedLabels = 0;
    switch (body.action) {
      case 'rename':
        if (!label) throw badRequest('请输入节点名称');
        if (isRoot) await requireFreeName(ctx, label, current.id);
        root = renameNode(root, body.nodeId, label);
        break;
      case 'addSibling':
        if (isRoot) throw badRequest('根节点不能新增同级节点');
        nodeId = newNodeId();
        root = addSibling(root, body.nodeId, makeNode(nodeId, label || DEFAULT_NODE_LABEL));
        break;
      case 'addChild':
        nodeId = newNodeId();
        root = addChild(root, body.nodeId, makeNode(nodeId, label || DEFAULT_NODE_LABEL));
        break;
      case 'delete':
        if (isRoot) throw badRequest('根节点不能删除');
        // The node's labels and its whole subtree's go with it, in this request's transaction.
        removedLabels = await dropLabelsOf(ctx, current.id, subtreeIds(found.node));
        root = removeNode(root, body.nodeId);
        break;
    }
    const problem = treeProblem(root);
    if (problem) throw badRequest(problem);
    // A renamed root renames the map, which it stands for.
    const saved = await storeTree(ctx, current.id, root, isRoot && body.action === 'rename' ? { name: label } : {});
    return { map: toBrandMap(saved, true), nodeId, removedLabels };
  },

  'brandLabels.inquireLabels': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    return selectionOf(ctx, await archiveMarks(ctx, viewer, parseIds(body.ids)));
  },

  'brandLabels.inquireLabelsV2': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    return selectionOf(ctx, await registerMarks(ctx, viewer, parseIds(body.ids)));
  },

  'brandLabels.inquireLabelsByCon': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    return selectionOf(ctx, await filteredMarks(ctx, viewer, body.filter));
  },

  'brandLabels.batchAddLabels': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    const ids = parseIds(body.ids);
    const marks = await archiveMarks(ctx, viewer, ids);
    await requireAllVisible(ctx, marks, ids, false);
    return applyLabels(ctx, marks, body.addNodeId, body.delNodeId);
  },

  'brandLabels.batchAddLabelsV2': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    const ids = parseIds(body.ids);
    const marks = await registerMarks(ctx, viewer, ids);
    await requireAllVisible(ctx, marks, ids, true);
    return applyLabels(ctx, marks, body.addNodeId, body.delNodeId);
  },

  'brandLabels.saveLabelsByCon': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    return applyLabels(ctx, await filteredMarks(ctx, viewer, body.filter), body.addNodeId, body.delNodeId);
  },

  'brandLabels.deleteLabel': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    const visible = await (await archiveMarks(ctx, viewer, [body.id])).executeTakeFirst();
    if (!visible) throw notFound('商标不存在或无权查看');
    const result = await ctx.db.deleteFrom('brand_labels').where('brand_archive_id', '=', body.id).where('node_id', '=', body.nodeId).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('标签不存在或已删除');
    return null;
  },

  'brandLabels.nodeCounts': async (body, ctx) => {
    const viewer = archiveViewer(ctx.session);
    const maps = (await loadMaps(ctx.db)).filter((m) => body.mapId === undefined || m.id === body.mapId);
    // Each node paired with every node of its subtree: a mark counts once for a node when it
    // carries the node or anything under it.
    const pairs: { map_id: number; anc: string; node: string }[] = [];
    for (const m of maps) {
      for (const { node } of walkNodes(m.map)) {
        for (const id of subtreeIds(node)) pairs.push({ map_id: m.id, anc: node.value, node: id });
      }
    }
    if (pairs.length === 0) return { list: [] };
    const ownOnly = viewer.ownMarksOnly ? sql`and a.owner_user_id = ${viewer.userId}` : sql``;
    const rows = await sql<{ map_id: number; node_id: string; num: number }>`
      select p.map_id, p.anc as node_id, count(distinct l.brand_archive_id)::int as num
      from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as p(map_id int, anc text, node text)
      join brand_labels l on l.map_id = p.map_id and l.node_id = p.node
      join brand_archives a on a.id = l.brand_archive_id ${ownOnly}
      group by p.map_id, p.anc
      order by p.map_id, p.anc
    `.execute(ctx.db);
    return { list: rows.rows.map((r) => ({ mapId: r.map_id, nodeId: r.node_id, num: r.num })) };
  },
};
