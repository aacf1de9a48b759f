import { describe, expect, it } from 'vitest';
import { describeDetail, operationName } from '../../src/server/accounts/operationLabels.js';

describe('operation log labels', () => {
  it('names an operation by its summary in schemas/api, an unknown id by itself', () => {
    expect(operationName('fee.save')).toBe('保存费用配置');
    expect(operationName('auth.login')).toBe('登录');
    expect(operationName('gone.away')).toBe('gone.away');
  });

  it('writes the detail with the titles of the operation’s fields, lists and flags in words', () => {
    expect(describeDetail('fee.save', { id: 3, caseType: '商标续展', amount: 1000, created: true })).toBe('价格：3；案件类型：商标续展；金额：1000；新增：是');
    expect(describeDetail('user.save', { id: 5, fields: ['name', 'enterpriseIds'] })).toBe('用户：5；修改的字段：姓名、负责的企业');
    // The answer's fields, then the domain's other requests, name what the request does not.
    expect(describeDetail('user.delete', { id: 5, username: 'zq', handoverTo: null, handedOver: 2 })).toBe('用户：5；交接人：空；转交的工作：2；账号：zq');
    expect(describeDetail('department.delete', { somethingElse: [], flag: false })).toBe('somethingElse：无；flag：否');
    expect(describeDetail('auth.logout', {})).toBe('');
  });
});
