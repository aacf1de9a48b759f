import { describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';
import { registrationForm } from './support/proposals.js';

/**
 * What the phone approval screens and the outside proposal page read from the replies: a type's
 * whole form (they render it) and a proposal's whole form data, not an empty object.
 */
describe.skipIf(skipThisDatabase)(`proposal replies the phone and outside pages render (${dbKind})`, () => {
  const shared = sharedTestServer(['corpAdmin', 'staff']);

  it('hands over the type form and the form data as they are', async () => {
    const { server, tokens } = shared;
    const form = registrationForm(6800, '云栖');
    const draft = await server.call('demand.demandManagement', { typeName: 'registrationProposal', title: '云栖第 3 类注册', formData: form }, tokens.staff);
    const detail = await server.call('demand.demandDetails', { id: draft.id }, tokens.staff);
    expect(detail.formData).toEqual(form);
    const fields = JSON.stringify(detail.type.form);
    for (const title of ['商标名称', '类别与商品', '预算（元）', '申请理由']) expect(fields).toContain(title);

    const types = await server.call('demand.demandTypes', {}, tokens.staff);
    expect(JSON.stringify(types.list.find((t) => t.name === 'registrationProposal')!.form)).toBe(fields);
  });

  it('gives the outside page the types of the link with their forms', async () => {
    const { server, tokens } = shared;
    const link = await server.call(
      'demand.createDemandLink',
      { title: '华东事业部商标需求', typeNames: ['objectionProposal'], validDays: 30 },
      tokens.corpAdmin,
    );
    const token = new URLSearchParams(link.url.split('?')[1]).get('token')!;
    const page = await server.call('demand.publicDemandForm', { token });
    expect(page.title).toBe('华东事业部商标需求');
    expect(page.types.map((t) => t.name)).toEqual(['objectionProposal']);
    expect(JSON.stringify(page.types[0].form)).toContain('事实与理由');
  });
});
