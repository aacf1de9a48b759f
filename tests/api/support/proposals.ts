import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ApprovalFlow } from '../../../src/shared/approvalFlow/flowModel.js';
import { base64, type TestServer } from './testServer.js';

/** A built-in proposal type's file, as the designer would start editing it. */
export function builtInType(name: string): Record<string, unknown> & { approvalFlow: ApprovalFlow } {
  const body = JSON.parse(readFileSync(join('schemas', 'caseTypes', `${name}.json`), 'utf8')) as Record<string, unknown> & { approvalFlow: ApprovalFlow };
  delete body.$schema;
  return body;
}

/** Saves and publishes a version of a proposal type; the draft's problems must be none. */
export async function publishType(server: TestServer, token: string, name: string, body: Record<string, unknown>): Promise<number> {
  const current = await server.call('designer.getSchema', { kind: 'caseTypes', key: name }, token);
  const draft = await server.call('designer.saveDraft', { kind: 'caseTypes', key: name, body, baseVersion: current.versions[0]?.version ?? null }, token);
  expect(draft.problems).toEqual([]);
  await server.call('designer.publish', { kind: 'caseTypes', key: name, version: draft.version }, token);
  return draft.version;
}

/** A colleague the administrator adds to the staff role of their organisation, signed in with a password of their own. */
export async function addColleague(
  server: TestServer,
  adminToken: string,
  username: string,
  name: string,
  options: { roleName?: string; departmentId?: number } = {},
): Promise<{ id: number; token: string }> {
  const role = (await server.call('role.list', {}, adminToken)).list.find((r) => r.name === (options.roleName ?? '员工'))!;
  const created = await server.call(
    'user.save',
    {
      username,
      name,
      phone: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      email: `${username}@example.com`,
      roleId: role.id,
      ...(options.departmentId ? { departmentId: options.departmentId } : {}),
      firstPassword: base64('First2026a'),
      encryptionType: 'base64',
    },
    adminToken,
  );
  const first = await server.post('/loginPage/login', { username, password: base64('First2026a'), encryptionType: 'base64' });
  const token = first.json().data.token as string;
  await server.call('account.changePassword', { oldPassword: base64('First2026a'), newPassword: base64('Mine2026b'), encryptionType: 'base64' }, token);
  return { id: created.id, token };
}

export async function userIdOf(server: TestServer, token: string): Promise<number> {
  return (await server.call('auth.getUserInfo', {}, token)).id;
}

/** A complete 商标注册提案 form. */
export const registrationForm = (budget: number, tmName = '星辰花语') => ({
  tmName,
  markForm: 'word',
  parentCgInfo: [{ tmCl: 3, goods: [{ name: '香皂' }, { name: '洗发液' }] }],
  applicantName: '星辰日化股份有限公司',
  budget,
  reason: '新品洗护系列计划明年上市，需在第 3 类先行注册。',
});

/** The newest in-app messages of the signed-in user. */
export async function messagesOf(server: TestServer, token: string) {
  return (await server.call('home.getMessageList', { pageSize: 50 }, token)).list;
}
