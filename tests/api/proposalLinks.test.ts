import { describe, expect, it } from 'vitest';
import { logoPng } from '../../src/server/trademarks/generatedLogo.js';
import {
  CALLS_PER_ADDRESS_MINUTE,
  LINK_EXPIRED,
  LINK_FORGED,
  LINK_REVOKED,
  SUBMISSIONS_PER_ADDRESS_HOUR,
  linkToken,
} from '../../src/server/demand/demandLinks.js';
import { multipart } from './support/multipart.js';
import { dataOf, dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';
import { registrationForm } from './support/proposals.js';

const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;

/** Outsiders submit proposals through a signed, expiring, revocable link, without an account. */
describe.skipIf(skipThisDatabase)(`public proposal links (${dbKind})`, () => {
  const shared = sharedTestServer(['admin', 'agent', 'staff', 'corpAdmin']);

  const upload = async (token: string, name = '设计稿.png') => {
    const { payload, headers } = multipart(name, logoPng(3), { token });
    return shared.server.app.inject({ method: 'POST', url: '/open/demandLink/upload', payload, headers });
  };
  const submission = (token: string, extra: Record<string, unknown> = {}) => ({
    token,
    typeName: 'registrationProposal',
    title: '生鲜新品牌“禾小鲜”',
    formData: registrationForm(3000, '禾小鲜'),
    contactName: '周敏',
    contactPhone: '0571-88001234',
    ...extra,
  });

  it('lets an outsider read the form, upload a file and submit a proposal that arrives as a draft', async () => {
    const { server, tokens } = shared;
    expect(await server.refused('/api/demandLink/create', { title: '外链', typeNames: ['nothing'], validDays: 30 }, tokens.admin)).toBe(
      '提案类型 nothing 不存在',
    );
    expect(await server.refused('/api/demandLink/create', { title: '外链', typeNames: ['renewal'], validDays: 30 }, tokens.admin)).toBe(
      '“商标续展”是案件类型，不能用来建提案',
    );
    expect((await server.send('demand.createDemandLink', { title: '外链', typeNames: ['registrationProposal'], validDays: 30 }, tokens.staff)).statusCode).toBe(
      403,
    );
    const link = await server.call(
      'demand.createDemandLink',
      { title: '青禾食品商标需求（测试）', typeNames: ['registrationProposal'], validDays: 30 },
      tokens.admin,
    );
    expect(link).toMatchObject({ active: true, submissions: 0, revokedAt: null, createdByName: '王管理' });
    expect(link.url).toMatch(/^\/case-proposal\?token=/);
    const token = tokenOf(link.url);

    // No session: the form of the allowed type, and nothing of the organisation.
    const form = await server.call('demand.publicDemandForm', { token });
    expect(Object.keys(form).sort()).toEqual(['expiresAt', 'title', 'types']);
    expect(form).toMatchObject({ title: '青禾食品商标需求（测试）', expiresAt: link.expiresAt });
    expect(form.types.map((t) => t.name)).toEqual(['registrationProposal']);
    expect(JSON.stringify(form)).not.toContain('华信');

    const file = dataOf('demand.publicDemandUpload', await upload(token));
    expect(file).toMatchObject({ name: '设计稿.png', status: 'done' });

    // Refused: a type the link does not offer, a file not uploaded through it, an incomplete form.
    expect(await server.refused('/open/demandLink/submit', submission(token, { typeName: 'objectionProposal' }), '')).toBe(
      '这个链接不能提交该提案类型（objectionProposal）',
    );
    const own = multipart('图.png', logoPng(4));
    const ownFile = dataOf(
      'file.upload',
      await server.app.inject({ method: 'POST', url: '/api/file/upload', payload: own.payload, headers: { ...own.headers, token: tokens.admin } }),
    );
    expect(await server.refused('/open/demandLink/submit', submission(token, { files: [{ fileName: '图.png', filePath: ownFile.path }] }), '')).toBe(
      `附件“${ownFile.path}”不是经这个链接上传的文件，请重新上传`,
    );
    expect(await server.refused('/open/demandLink/submit', submission(token, { formData: { tmName: '禾小鲜' } }), '')).toMatch(/^提案内容有误：.*不能为空/);

    const sent = await server.call('demand.publicDemandSubmit', submission(token, { files: [{ fileName: '设计稿.png', filePath: file.path }] }));
    expect(sent.demandNo).toMatch(/^TA\d{8}$/);

    // It arrives as a draft the organisation takes up; the staff who sees only their own does not see it.
    const listed = await server.call('demand.getDemandList', { keyword: sent.demandNo }, tokens.admin);
    expect(listed.list[0]).toMatchObject({ state: 'draft', source: 'link', submitterId: null, submitterName: '周敏' });
    const draft = await server.call('demand.demandDetails', { id: listed.list[0]!.id }, tokens.admin);
    expect(draft.contact).toEqual({ name: '周敏', phone: '0571-88001234', email: null, linkTitle: '青禾食品商标需求（测试）' });
    expect(draft.files).toEqual([{ fileName: '设计稿.png', filePath: file.path }]);
    expect(draft.actions).toMatchObject({ edit: true, submit: true, delete: true });
    expect((await server.call('demand.getDemandList', { keyword: sent.demandNo }, tokens.agent)).count).toBe(0);
    expect((await server.send('demand.demandDetails', { id: draft.id }, tokens.agent)).statusCode).toBe(404);
    const takenUp = await server.call('demand.submitForApproval', { id: draft.id }, tokens.admin);
    expect(takenUp).toMatchObject({ state: 'approving', submitterName: '王管理' });
    expect((await server.call('demand.demandLinks', {}, tokens.admin)).list.find((l) => l.id === link.id)!.submissions).toBe(1);
  });

  it('refuses a forged, altered, expired or revoked link, telling what to do', async () => {
    const { server, tokens } = shared;
    const link = await server.call('demand.createDemandLink', { title: '待撤销', typeNames: ['registrationProposal'], validDays: 7 }, tokens.corpAdmin);
    const token = tokenOf(link.url);
    const [org, id, expires, signature] = token.split('.') as [string, string, string, string];
    const forgeries = [
      `${org}.${id}.${expires}.${signature.slice(0, -2)}xx`,
      `${org}.${id}.${Number(expires) + 86_400 * 365}.${signature}`,
      `${Number(org) === 1 ? 2 : 1}.${id}.${expires}.${signature}`,
      'not-a-link-token-at-all-0123456789',
    ];
    for (const forged of forgeries) {
      expect(await server.refused('/open/demandLink/form', { token: forged }, '', 404)).toBe(LINK_FORGED);
      expect(await server.refused('/open/demandLink/submit', submission(forged), '', 404)).toBe(LINK_FORGED);
    }
    // A link whose time has run out: a genuine signature over a past expiry.
    const past = new Date(Date.now() - 3_600_000);
    await server.database.db.updateTable('demand_links').set({ expires_at: past }).where('id', '=', link.id).execute();
    const expired = linkToken(server.services.credentials, { org_id: Number(org), id: link.id, expires_at: past });
    expect(await server.refused('/open/demandLink/form', { token: expired }, '', 404)).toBe(LINK_EXPIRED);
    expect((await server.call('demand.demandLinks', {}, tokens.corpAdmin)).list.find((l) => l.id === link.id)!.active).toBe(false);

    const fresh = await server.call('demand.createDemandLink', { title: '撤销后', typeNames: ['registrationProposal'], validDays: 7 }, tokens.corpAdmin);
    const freshToken = tokenOf(fresh.url);
    expect((await server.call('demand.publicDemandForm', { token: freshToken })).title).toBe('撤销后');
    const revoked = await server.call('demand.revokeDemandLink', { id: fresh.id }, tokens.corpAdmin);
    expect(revoked).toMatchObject({ active: false });
    expect(revoked.revokedAt).not.toBeNull();
    expect(await server.refused('/open/demandLink/form', { token: freshToken }, '', 404)).toBe(LINK_REVOKED);
    expect(await server.refused('/open/demandLink/submit', submission(freshToken), '', 404)).toBe(LINK_REVOKED);
    const refusedUpload = await upload(freshToken);
    expect(refusedUpload.statusCode).toBe(404);
    expect(refusedUpload.json().subMessage).toBe(LINK_REVOKED);
    // Another organisation's link is not this one's to revoke.
    expect(await server.refused('/api/demandLink/revoke', { id: fresh.id }, tokens.admin, 404)).toBe(`外部链接（编号 ${fresh.id}）不存在`);
  });

  it('limits how often one address submits, and how often it calls the link pages', async () => {
    const { server, tokens } = shared;
    const link = await server.call('demand.createDemandLink', { title: '限流', typeNames: ['registrationProposal'], validDays: 7 }, tokens.corpAdmin);
    const token = tokenOf(link.url);
    // This address submitted once already in the first test (to another organisation): its count here starts at 0.
    for (let i = 0; i < SUBMISSIONS_PER_ADDRESS_HOUR; i++) await server.call('demand.publicDemandSubmit', submission(token, { title: `第 ${i + 1} 个` }));
    expect(await server.refused('/open/demandLink/submit', submission(token), '', 429)).toBe('提交过于频繁，请一小时后再试');
    // Twice the allowance and one more: however the minute falls, one window holds more than it allows.
    let refused = 0;
    for (let i = 0; i < 2 * CALLS_PER_ADDRESS_MINUTE + 1; i++) {
      const reply = await server.send('demand.publicDemandForm', { token });
      if (reply.statusCode === 429) {
        expect(reply.json().subMessage).toBe('操作过于频繁，请一分钟后再试');
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
  });
});
