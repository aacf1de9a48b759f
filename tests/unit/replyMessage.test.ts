import { describe, expect, it } from 'vitest';
import { replyMessage, type ReplyMessageSpec } from '../../src/runtime/blocks/replyMessage.js';
import { fillTemplate } from '../../src/runtime/blocks/readPath.js';

const added: ReplyMessageSpec = {
  parts: [
    { count: 'added', text: '已加入 {count} 件', always: true },
    { count: 'skipped', text: '{count} 件已在商标档案中' },
    { count: 'notFound', text: '公告库中没有申请号 {notFound}' },
  ],
  successCount: 'added',
};

describe('a notice written from an operation’s reply', () => {
  it('says what was done, leaving out the parts that did not happen', () => {
    expect(replyMessage(added, { added: [11, 12], skipped: 0, notFound: [] })).toEqual({ type: 'success', text: '已加入 2 件' });
    expect(replyMessage(added, { added: [11], skipped: 2, notFound: ['X1', 'X2'] })).toEqual({
      type: 'success',
      text: '已加入 1 件；2 件已在商标档案中；公告库中没有申请号 X1、X2',
    });
  });

  it('is a warning, not a success, when nothing was done', () => {
    expect(replyMessage(added, { added: [], skipped: 1, notFound: [] })).toEqual({ type: 'warning', text: '已加入 0 件；1 件已在商标档案中' });
    expect(replyMessage(added, { added: [], skipped: 0, notFound: ['NOPE'] })).toEqual({ type: 'warning', text: '已加入 0 件；公告库中没有申请号 NOPE' });
  });

  it('reads counts at nested paths and as text, and is always a success without a success count', () => {
    const spec: ReplyMessageSpec = { parts: [{ count: 'result.updated', text: '已修改 {count} 条（共 {result.total} 条）' }] };
    expect(replyMessage(spec, { result: { updated: '3', total: 5 } })).toEqual({ type: 'success', text: '已修改 3 条（共 5 条）' });
    expect(replyMessage(spec, { result: { updated: 0 } })).toBeNull();
    expect(replyMessage(spec, null)).toBeNull();
  });
});

describe('templates', () => {
  it('join a list’s items with “、”', () => {
    expect(fillTemplate('缺少 {missing}，共 {n} 项', { missing: ['甲', '乙'], n: 2 })).toBe('缺少 甲、乙，共 2 项');
  });
});
