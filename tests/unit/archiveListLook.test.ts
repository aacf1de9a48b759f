import { describe, expect, it } from 'vitest';
import { pinnedRightLast } from '../../src/runtime/blocks/table/columnOrder.js';
import { statusColor } from '../../src/widgets/trademarks/statusColor.js';
import { TM_STATUSES } from '../../src/widgets/trademarks/trademarkText.js';
import { antdTheme } from '../../src/web/theme/antdTheme.js';

describe('table column order', () => {
  it('moves the columns pinned right to the end, keeping every other order', () => {
    const columns = [
      { key: 'index', fixed: 'left' },
      { key: 'name' },
      { key: 'actions', fixed: 'right' },
      { key: 'custom:1' },
      { key: 'custom:2', fixed: undefined },
      { key: 'operation', fixed: 'right' },
    ];
    expect(pinnedRightLast(columns).map((c) => c.key)).toEqual(['index', 'name', 'custom:1', 'custom:2', 'actions', 'operation']);
    const unpinned: { key: string; fixed?: 'left' | 'right' }[] = [{ key: 'a' }, { key: 'b' }];
    expect(pinnedRightLast(unpinned).map((c) => c.key)).toEqual(['a', 'b']);
  });
});

describe('trademark status colours', () => {
  it('gives each status one colour, alike within a group', () => {
    expect(statusColor('已注册')).toBe('green');
    expect(statusColor('续展')).toBe(statusColor('已注册'));
    expect(statusColor('申请中')).toBe('blue');
    expect(statusColor('初审公告')).toBe('blue');
    expect(statusColor('异议中')).toBe('orange');
    expect(statusColor('已驳回')).toBe('red');
    expect(statusColor('已无效')).toBeUndefined();
    expect(statusColor('已销亡')).toBeUndefined();
  });
  it('has an answer for every status the archive uses, and grey for anything else', () => {
    for (const status of TM_STATUSES) expect(() => statusColor(status)).not.toThrow();
    expect(statusColor('未知状态')).toBeUndefined();
    expect(statusColor(null)).toBeUndefined();
    expect(statusColor('')).toBeUndefined();
  });
});

describe('theme', () => {
  it('draws progress bars in the configured primary colour, light or dark', () => {
    expect(antdTheme({ primary: '#00b96b', isDark: false, isGrey: false, isWeak: false }, false).components?.Progress?.defaultColor).toBe('#00b96b');
    expect(antdTheme({ primary: '#722ed1', isDark: true, isGrey: false, isWeak: false }, true).components?.Progress?.defaultColor).toBe('#722ed1');
  });
});
