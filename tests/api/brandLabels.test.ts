import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import type { OperationId, OperationRequest } from '../../src/generated/client.js';
import type { BrandMapNode } from '../../src/generated/types.js';

describe.skipIf(skipThisDatabase)(`tags and knowledge maps (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  let agent: string;
  let corp: string;
  let staff: string;
  beforeAll(async () => {
    server = await startTestServer();
    // The demo agency role lacks the tag keys; give them so the agency rule itself is what is tested.
    await sql`update roles set role_auth = role_auth || ',tagsList,addTags,delTags' where name = '代理机构'`.execute(server.database.db);
    [admin, agent, corp, staff] = [await server.signIn('admin'), await server.signIn('agent'), await server.signIn('corpAdmin'), await server.signIn('staff')];
  });
  afterAll(() => server?.stop());

  const ok = <Id extends OperationId>(id: Id, body: OperationRequest<Id>, token: string) => server.call(id, body, token);
  const refused = (url: string, body: object, token: string, status?: number) => server.refused(url, body, token, status);
  const marks = async (token: string, query: OperationRequest<'brandArchives.queryBrandPage'> = {}) =>
    await ok('brandArchives.queryBrandPage', { pageSize: 200, ...query }, token);
  /** A fresh map with two leaves under one branch, so tests do not depend on each other's tags. */
  const freshMap = async (name: string) => {
    const created = await ok('brandLabels.saveMap', { name, color: '#00aa00' }, admin);
    const root = created.map!.value;
    const branch = (await ok('brandLabels.editNode', { mapId: created.id, action: 'addChild', nodeId: root, label: '分支' }, admin)).nodeId;
    const a = (await ok('brandLabels.editNode', { mapId: created.id, action: 'addChild', nodeId: branch, label: '甲' }, admin)).nodeId;
    const b = (await ok('brandLabels.editNode', { mapId: created.id, action: 'addSibling', nodeId: a, label: '乙' }, admin)).nodeId;
    return { id: created.id, root, branch, a, b };
  };

  it('seeds the demo maps and tags, and lists maps with and without their trees', async () => {
    const plain = await ok('brandLabels.mapList', {}, admin);
    expect(plain.list.map((m) => m.name)).toEqual(['品牌体系', '产品线']);
    expect(plain.list[0]!.map).toBeUndefined();
    expect(plain.list[0]!.nodeCount).toBe(7);
    const full = await ok('brandLabels.mapList', { format: 1 }, corp);
    expect(full.list[0]!.map!.children.map((c) => c.label)).toEqual(['主品牌', '子品牌']);
    const details = await ok('brandLabels.mapDetails', { id: full.list[1]!.id }, corp);
    const root = JSON.parse(details.map) as BrandMapNode;
    expect(root).toMatchObject({ value: 'line', label: '产品线', data: { text: '产品线', id: 'line' } });
    const brands = ['brand-xingchen', 'brand-qinghe', 'brand-xingchen-rihua', 'brand-qinghe-youxuan', 'brand-yunfan'];
    const tagged = (await marks(corp, { labelNodeIds: brands })).list;
    expect(tagged.length).toBeGreaterThan(0);
    const tag = tagged[0]!.minMap!.find((t) => brands.includes(t.nodeId))!;
    const names: Record<string, string[]> = {
      星辰: ['星辰', 'STARCHEN'],
      青禾: ['青禾'],
      星辰日化: ['星辰日化'],
      青禾优选: ['青禾优选'],
      云帆: ['云帆', 'YUNFAN'],
    };
    expect(names[tag.label]).toContain(tagged[0]!.tmName);
    expect(tag).toMatchObject({ color: '#ff7200', tips: expect.stringMatching(/^品牌体系 \/ (主品牌|子品牌) \/ /) });
  });

  it('answers the tri-state selection for a list and saves additions and removals', async () => {
    const map = await freshMap('测试图谱一');
    const [m1, m2, m3] = (await marks(admin)).list;
    const ids = [m1!.id, m2!.id, m3!.id].join('#');
    await ok('brandLabels.batchAddLabels', { ids: `${m1!.id}#${m2!.id}#${m3!.id}`, addNodeId: map.a }, admin);
    await ok('brandLabels.batchAddLabels', { ids: `${m1!.id}`, addNodeId: map.b }, admin);
    const state = await ok('brandLabels.inquireLabels', { ids }, admin);
    expect(state.count).toBe(3);
    expect(state.selectAll).toContain(map.a);
    expect(state.partSelect).toContainEqual({ nodeId: map.b, num: 1 });
    // Unchecking a partly selected node removes it from every mark; checking adds to all.
    const saved = await ok('brandLabels.batchAddLabels', { ids, addNodeId: map.branch, delNodeId: map.b }, admin);
    expect(saved).toEqual({ count: 3, added: 3, removed: 1 });
    const after = await ok('brandLabels.inquireLabels', { ids }, admin);
    expect(after.selectAll.sort()).toEqual(expect.arrayContaining([map.a, map.branch]));
    expect(after.partSelect.find((p) => p.nodeId === map.b)).toBeUndefined();
    // Adding again changes nothing.
    expect((await ok('brandLabels.batchAddLabels', { ids, addNodeId: map.a }, admin)).added).toBe(0);
    // The archive filter finds marks by tag.
    const byTag = await marks(admin, { labelNodeIds: [map.a] });
    expect(byTag.list.map((m) => m.id).sort()).toEqual([m1!.id, m2!.id, m3!.id].sort());
    expect(byTag.list.find((m) => m.id === m1!.id)!.minMap!.map((t) => t.label)).toEqual(expect.arrayContaining(['甲', '分支']));
  });

  it('selects and saves by the filter form, honouring the agency rule', async () => {
    const map = await freshMap('测试图谱二');
    const mine = await marks(agent);
    const all = await marks(admin);
    expect(mine.count).toBeLessThan(all.count);
    const saved = await ok('brandLabels.saveLabelsByCon', { filter: {}, addNodeId: map.a }, agent);
    expect(saved.count).toBe(mine.count);
    expect(saved.added).toBe(mine.count);
    const byTag = await marks(admin, { labelNodeIds: [map.a] });
    expect(byTag.count).toBe(mine.count);
    expect(byTag.list.every((m) => m.ownerUserId === mine.list[0]!.ownerUserId)).toBe(true);
    const adminView = await ok('brandLabels.inquireLabelsByCon', { filter: {} }, admin);
    expect(adminView.count).toBe(all.count);
    expect(adminView.partSelect).toContainEqual({ nodeId: map.a, num: mine.count });
    const agentView = await ok('brandLabels.inquireLabelsByCon', { filter: {} }, agent);
    expect(agentView.selectAll).toContain(map.a);
    // Removing by filter with a narrower condition.
    const first = mine.list[0]!;
    const removed = await ok('brandLabels.saveLabelsByCon', { filter: { ids: [first.id] }, delNodeId: map.a }, agent);
    expect(removed.removed).toBe(1);
    // An agent naming someone else's mark is refused, and nothing is saved.
    const other = all.list.find((m) => m.ownerUserId !== first.ownerUserId)!;
    expect(await refused('/api/batchAddiLabels', { ids: `${first.id}#${other.id}`, addNodeId: map.b }, agent, 404)).toBe('商标不存在或无权查看');
    expect((await ok('brandLabels.inquireLabels', { ids: `${first.id}` }, agent)).partSelect).toEqual([]);
    expect((await ok('brandLabels.inquireLabels', { ids: `${other.id}` }, agent)).count).toBe(0);
  });

  it('labels register marks through the v2 calls and refuses marks outside the archive', async () => {
    const map = await freshMap('测试图谱三');
    const [m1, m2] = (await marks(admin)).list.filter((m) => m.registerId !== null);
    const reg = `${m1!.registerId}#${m2!.registerId}`;
    expect(await ok('brandLabels.batchAddLabelsV2', { ids: reg, addNodeId: map.a }, admin)).toMatchObject({ added: 2 });
    expect((await ok('brandLabels.inquireLabelsV2', { ids: reg }, admin)).selectAll).toContain(map.a);
    const corpMark = (await marks(corp)).list.find((m) => m.registerId !== null)!;
    const message = await refused('/api/batchAddiLabels_v2', { ids: `${m1!.registerId}#${corpMark.registerId}`, addNodeId: map.b }, admin, 422);
    expect(message).toMatch(/^公告库商标不在本组织的商标档案中：/);
    const one = await ok('brandLabels.inquireLabelsV2', { ids: `${m1!.registerId}` }, admin);
    expect(one.count).toBe(1);
    expect(one.selectAll).toContain(map.a);
    expect(one.selectAll).not.toContain(map.b);
  });

  it('keeps organisations apart: another organisation’s nodes and maps are unknown', async () => {
    const map = await freshMap('测试图谱四');
    const corpMark = (await marks(corp)).list[0]!;
    expect(await refused('/api/batchAddiLabels', { ids: `${corpMark.id}`, addNodeId: map.a }, corp, 422)).toBe(`新加的标签不存在或已删除：${map.a}`);
    expect(await refused('/api/brandMapDetails', { id: map.id }, corp, 404)).toBe('知识图谱不存在或已删除');
    expect(await refused('/api/batchAddiLabels', { ids: `${corpMark.id}`, addNodeId: map.a }, admin, 404)).toBe('商标不存在或无权查看');
  });

  it('enforces the tag permissions on the server with Chinese messages', async () => {
    const map = await freshMap('测试图谱五');
    const staffMark = (await marks(staff)).list[0]!;
    expect(await refused('/api/inquireLabels', { ids: `${staffMark.id}` }, staff, 403)).toBe('没有“商标标签列表”权限');
    expect(await refused('/api/brandMap', { name: '不可以' }, staff, 403)).toBe('没有“编辑标签树”权限');
    expect(await refused('/api/brandMapNode', { mapId: map.id, action: 'addChild', nodeId: map.root }, agent, 403)).toBe('没有“编辑标签树”权限');
    expect(await refused('/api/deleteLabel', { id: staffMark.id, nodeId: 'brand-xingchen' }, staff, 403)).toBe('没有“删除标签”权限');
    await sql`update roles set role_auth = 'workbench,trademark,tagsList' where name = '代理机构'`.execute(server.database.db);
    const limited = await server.signIn('agent');
    const own = (await marks(limited)).list[0]!;
    expect(await refused('/api/batchAddiLabels', { ids: `${own.id}`, addNodeId: map.a }, limited, 403)).toBe('没有“添加标签”权限');
    expect(await refused('/api/saveLabelsByCon', { filter: {}, delNodeId: map.a }, limited, 403)).toBe('没有“删除标签”权限');
    await sql`update roles set role_auth = role_auth || ',addTags,delTags' where name = '代理机构'`.execute(server.database.db);
  });

  it('deletes one tag of a mark', async () => {
    const map = await freshMap('测试图谱六');
    const mark = (await marks(admin)).list[0]!;
    await ok('brandLabels.batchAddLabels', { ids: `${mark.id}`, addNodeId: `${map.a},${map.b}` }, admin);
    await ok('brandLabels.deleteLabel', { id: mark.id, nodeId: map.a }, admin);
    const tags = (await marks(admin, { ids: [mark.id] })).list[0]!.minMap!.filter((t) => t.mapId === map.id);
    expect(tags.map((t) => t.nodeId)).toEqual([map.b]);
    expect(await refused('/api/deleteLabel', { id: mark.id, nodeId: map.a }, admin, 404)).toBe('标签不存在或已删除');
  });

  it('edits the tree at once: rename, siblings, children; deleting a node removes its subtree’s tags', async () => {
    const map = await freshMap('测试图谱七');
    const mark = (await marks(admin)).list[1]!;
    const child = (await ok('brandLabels.editNode', { mapId: map.id, action: 'addChild', nodeId: map.a, label: '甲一' }, admin)).nodeId;
    await ok('brandLabels.batchAddLabels', { ids: `${mark.id}`, addNodeId: `${map.branch},${child},${map.b}` }, admin);
    await ok('brandLabels.editNode', { mapId: map.id, action: 'rename', nodeId: map.b, label: '乙改' }, admin);
    expect((await marks(admin, { ids: [mark.id] })).list[0]!.minMap!.find((t) => t.nodeId === map.b)!.label).toBe('乙改');
    const deleted = await ok('brandLabels.editNode', { mapId: map.id, action: 'delete', nodeId: map.a }, admin);
    expect(deleted.removedLabels).toBe(1);
    expect(deleted.map.map!.children[0]!.children.map((c) => c.label)).toEqual(['乙改']);
    const left = (await marks(admin, { ids: [mark.id] })).list[0]!.minMap!.filter((t) => t.mapId === map.id).map((t) => t.nodeId);
    expect(left.sort()).toEqual([map.branch, map.b].sort());
    // Deleting the branch takes the rest of the subtree's tags.
    expect((await ok('brandLabels.editNode', { mapId: map.id, action: 'delete', nodeId: map.branch }, admin)).removedLabels).toBe(2);
    expect(await refused('/api/brandMapNode', { mapId: map.id, action: 'addSibling', nodeId: map.root, label: 'x' }, admin, 422)).toBe(
      '根节点不能新增同级节点',
    );
    expect(await refused('/api/brandMapNode', { mapId: map.id, action: 'delete', nodeId: map.root }, admin, 422)).toBe('根节点不能删除');
    expect(await refused('/api/brandMapNode', { mapId: map.id, action: 'rename', nodeId: map.root, label: ' ' }, admin, 422)).toBe('请输入节点名称');
    expect(await refused('/api/brandMapNode', { mapId: map.id, action: 'delete', nodeId: map.a }, admin, 404)).toBe('节点不存在或已删除');
    expect(await refused('/api/brandMapNode', { mapId: map.id, action: 'rename', nodeId: map.root, label: '产品线' }, admin, 422)).toBe(
      '图谱名称“产品线”已存在',
    );
    // Renaming the root renames the map.
    await ok('brandLabels.editNode', { mapId: map.id, action: 'rename', nodeId: map.root, label: '测试图谱七改' }, admin);
    expect((await ok('brandLabels.mapList', {}, admin)).list.some((m) => m.name === '测试图谱七改')).toBe(true);
  });

  it('saves a whole map: colour, name, and a replaced tree drops the tags of removed nodes', async () => {
    const map = await freshMap('测试图谱八');
    const mark = (await marks(admin)).list[2]!;
    await ok('brandLabels.batchAddLabels', { ids: `${mark.id}`, addNodeId: `${map.a},${map.b}` }, admin);
    const full = JSON.parse((await ok('brandLabels.mapDetails', { id: map.id }, admin)).map) as BrandMapNode;
    full.children[0]!.children = full.children[0]!.children.filter((c) => c.value !== map.a);
    const saved = await ok('brandLabels.saveMap', { id: map.id, name: '测试图谱八', color: '#123456', sort: 9, map: full }, admin);
    expect(saved).toMatchObject({ color: '#123456', sort: 9, nodeCount: 2 });
    expect((await ok('brandLabels.inquireLabels', { ids: `${mark.id}` }, admin)).selectAll).toContain(map.b);
    expect((await ok('brandLabels.inquireLabels', { ids: `${mark.id}` }, admin)).selectAll).not.toContain(map.a);
    expect(await refused('/api/brandMap', { name: '品牌体系' }, admin, 422)).toBe('图谱名称“品牌体系”已存在');
    const clash = { ...full, children: [{ value: 'brand-main', label: '重复', data: { text: '重复', id: 'brand-main' }, children: [] }] };
    expect(await refused('/api/brandMap', { id: map.id, name: '测试图谱八', map: clash }, admin, 422)).toBe('节点编号已被其他图谱使用：brand-main');
  });

  it('counts marks per node for the brand graph, a subtree’s marks once each', async () => {
    const counts = await ok('brandLabels.nodeCounts', {}, corp);
    const num = (id: string) => counts.list.find((c) => c.nodeId === id)?.num ?? 0;
    const xingchen = (await marks(corp, { labelNodeIds: ['brand-xingchen'] })).count;
    const qinghe = (await marks(corp, { labelNodeIds: ['brand-qinghe'] })).count;
    expect(num('brand-xingchen')).toBe(xingchen);
    expect(num('brand-main')).toBe((await marks(corp, { labelNodeIds: ['brand-main', 'brand-xingchen', 'brand-qinghe'] })).count);
    expect(num('brand-main')).toBeLessThanOrEqual(xingchen + qinghe);
    expect(num('brand-main')).toBeGreaterThan(0);
  });
});
