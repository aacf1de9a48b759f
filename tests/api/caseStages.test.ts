import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';

interface TypeFile {
  name: string;
  category: string;
  order?: number;
  stages?: { key: string; title: string }[];
}

const typeFiles: TypeFile[] = readdirSync('schemas/caseTypes')
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(`schemas/caseTypes/${f}`, 'utf8')) as TypeFile);

/** The case list's 办理阶段 filter follows the chosen type: its options come from the types' stages. */
describe.skipIf(skipThisDatabase)(`stages of the case types (${dbKind})`, () => {
  const shared = sharedTestServer(['admin']);

  it('lists one type’s stages in its order, or every type’s stages once each', async () => {
    const objection = typeFiles.find((t) => t.name === 'objectionApply')!;
    const one = await shared.server.call('caseManage.caseStages', { caseType: 'objectionApply' }, shared.tokens.admin);
    expect(one.list).toEqual(objection.stages!.map((s) => ({ value: s.key, label: s.title })));

    const all = (await shared.server.call('caseManage.caseStages', {}, shared.tokens.admin)).list.map((s) => s.value);
    const everyKey = new Set(typeFiles.filter((t) => t.category === 'case').flatMap((t) => (t.stages ?? []).map((s) => s.key)));
    expect(new Set(all)).toEqual(everyKey);
    expect(all).toHaveLength(everyKey.size);
    // Kinds of stage the old fixed list lacked.
    expect(all).toEqual(expect.arrayContaining(['provisionalRefusal', 'evidenceNotice', 'docketed', 'hearing', 'judged']));
    // Registrations come first: their stages lead the list.
    expect(all.slice(0, 3)).toEqual(['prepare', 'filed', 'accepted']);
  });

  it('refuses an unknown type in Chinese', async () => {
    expect(await shared.server.refused('/caseManage/caseStages', { caseType: 'noSuchType' }, shared.tokens.admin)).toBe('案件类型 noSuchType 不存在');
  });
});
