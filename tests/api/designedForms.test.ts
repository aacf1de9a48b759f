import { describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';

type Node = { title?: string; properties?: Record<string, Node> };

/** The title of the field `name`, wherever it sits among the layout nodes. */
function titleOf(node: Node, name: string): string | undefined {
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    if (key === name) return child.title;
    const inner = titleOf(child, name);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

describe.skipIf(skipThisDatabase)(`forms as the designer publishes them (${dbKind})`, () => {
  const shared = sharedTestServer(['admin']);

  it('answers the built-in form until the organisation publishes one, then that one, for that organisation only', async () => {
    const builtIn = (await shared.server.call('schema.getForm', { name: 'trademarkEdit' }, shared.tokens.admin)).form;
    expect(builtIn).toMatchObject({ name: 'trademarkEdit', title: '商标信息' });
    expect(titleOf(builtIn.schema as Node, 'regNo')).toBe('注册号');

    const renamed = structuredClone(builtIn) as unknown as Record<string, unknown> & { schema: Node };
    const grid = renamed.schema.properties!.fields!.properties!.main!;
    grid.properties!.regNo!.title = '注册证号';
    const { version, problems } = await shared.server.call(
      'designer.saveDraft',
      { kind: 'forms', key: 'trademarkEdit', body: renamed, baseVersion: null },
      shared.tokens.admin,
    );
    expect(problems).toEqual([]);
    // A draft changes nothing.
    expect(titleOf((await shared.server.call('schema.getForm', { name: 'trademarkEdit' }, shared.tokens.admin)).form.schema as Node, 'regNo')).toBe('注册号');

    await shared.server.call('designer.publish', { kind: 'forms', key: 'trademarkEdit', version }, shared.tokens.admin);
    expect(titleOf((await shared.server.call('schema.getForm', { name: 'trademarkEdit' }, shared.tokens.admin)).form.schema as Node, 'regNo')).toBe('注册证号');
    const otherOrganisation = await shared.server.signIn('staff');
    expect(titleOf((await shared.server.call('schema.getForm', { name: 'trademarkEdit' }, otherOrganisation)).form.schema as Node, 'regNo')).toBe('注册号');

    await shared.server.call('designer.rollback', { kind: 'forms', key: 'trademarkEdit', version: 0 }, shared.tokens.admin);
    expect(titleOf((await shared.server.call('schema.getForm', { name: 'trademarkEdit' }, shared.tokens.admin)).form.schema as Node, 'regNo')).toBe('注册号');
  });

  it('says which form does not exist, and asks who calls to sign in', async () => {
    expect(await shared.server.refused('/schema/form', { name: 'noSuchForm' }, shared.tokens.admin, 404)).toBe('没有名为 noSuchForm 的表单');
    expect((await shared.server.post('/schema/form', { name: 'trademarkEdit' })).statusCode).toBe(401);
  });
});
