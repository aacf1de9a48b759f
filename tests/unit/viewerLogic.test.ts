import { describe, expect, it } from 'vitest';
import { breakpointOf, columnsAt, DEFAULT_GRID_COLUMNS } from '../../src/runtime/blocks/gridBreakpoints.js';
import { deadlineStatus, handlingDeadlineChoices, isPastDate, isValidDate } from '../../src/runtime/components/deadlineStatus.js';
import { avatarColor, avatarInitials } from '../../src/runtime/blocks/avatarText.js';

describe('grid breakpoints (spec 001 §9)', () => {
  it('places each width at its breakpoint, the bounds belonging to the next', () => {
    expect([0, 767, 768, 991, 992, 1199, 1200, 1919, 1920, 2560].map(breakpointOf)).toEqual(['xs', 'xs', 'sm', 'sm', 'md', 'md', 'lg', 'lg', 'xl', 'xl']);
  });

  it('defaults to 1, 2, 2, 3, 4 columns and takes a page’s own counts', () => {
    expect(DEFAULT_GRID_COLUMNS).toEqual({ xs: 1, sm: 2, md: 2, lg: 3, xl: 4 });
    expect([375, 800, 1100, 1440, 1920].map((w) => columnsAt(w))).toEqual([1, 2, 2, 3, 4]);
    expect(columnsAt(1440, { lg: 2 })).toBe(2);
    expect(columnsAt(1920, { lg: 2 })).toBe(4);
    expect(columnsAt(375, { xs: 0 })).toBe(1);
  });
});

describe('deadline wording', () => {
  const today = '2025-03-10';
  it('counts overdue, today and remaining days', () => {
    expect(deadlineStatus('2025-03-07', today)).toEqual({ days: -3, tone: 'overdue', text: '已逾期 3 天' });
    expect(deadlineStatus('2025-03-10', today)).toEqual({ days: 0, tone: 'today', text: '今天到期' });
    expect(deadlineStatus('2025-03-11', today)).toEqual({ days: 1, tone: 'soon', text: '剩余 1 天' });
    expect(deadlineStatus('2025-03-17', today)).toEqual({ days: 7, tone: 'soon', text: '剩余 7 天' });
    expect(deadlineStatus('2025-03-18', today)).toEqual({ days: 8, tone: 'normal', text: '剩余 8 天' });
  });

  it('counts across months, leap days and years by calendar days', () => {
    expect(deadlineStatus('2024-03-01', '2024-02-28')?.days).toBe(2);
    expect(deadlineStatus('2026-01-01', '2025-12-31')?.text).toBe('剩余 1 天');
    expect(deadlineStatus('2024-12-31', '2025-01-01')?.text).toBe('已逾期 1 天');
  });

  it('has nothing to say about a missing or malformed date', () => {
    expect(deadlineStatus(undefined, today)).toBeNull();
    expect(deadlineStatus('', today)).toBeNull();
    expect(deadlineStatus('2025-02-30', today)).toBeNull();
    expect(deadlineStatus('2025/03/10', today)).toBeNull();
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2025-02-29')).toBe(false);
  });

  it('offers one week, two weeks and one month ahead, and refuses past dates', () => {
    expect(handlingDeadlineChoices('2025-01-31')).toEqual([
      { label: '一周后', value: '2025-02-07' },
      { label: '两周后', value: '2025-02-14' },
      { label: '一个月后', value: '2025-02-28' },
    ]);
    expect(isPastDate('2025-03-09', today)).toBe(true);
    expect(isPastDate('2025-03-10', today)).toBe(false);
  });
});

describe('avatar text', () => {
  it('takes the last two characters of the name', () => {
    expect(avatarInitials('王小明')).toBe('小明');
    expect(avatarInitials('欧阳 娜娜')).toBe('娜娜');
    expect(avatarInitials('李')).toBe('李');
    expect(avatarInitials('')).toBe('');
    expect(avatarInitials('Ann')).toBe('nn');
    expect(avatarInitials('张𠀋')).toBe('张𠀋');
  });

  it('gives the same name the same colour', () => {
    expect(avatarColor('王小明')).toBe(avatarColor('王小明'));
    expect(avatarColor('王小明')).toMatch(/^#[0-9a-f]{6}$/);
  });
});
