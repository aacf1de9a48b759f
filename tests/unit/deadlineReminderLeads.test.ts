import { describe, expect, it } from 'vitest';
import { deadlineTitle, owedLead } from '../../src/server/officials/deadlineReminders.js';

const at = (beijing: string) => new Date(`${beijing}+08:00`);
const LEADS = ['提前2周', '提前1周', '提前2天', '当天'];

describe('which reminder of a deadline is owed', () => {
  it('owes nothing before the earliest lead time, at its hour in Beijing', () => {
    expect(owedLead('2031-03-17', LEADS, '09:00', at('2031-03-03T08:59:59'))).toBeNull();
    expect(owedLead('2031-03-17', LEADS, '09:00', at('2031-03-03T09:00:00'))).toBe('提前2周');
  });

  it('owes the latest lead already due, so a late letter or a server that was down sends one reminder, not the missed ones', () => {
    expect(owedLead('2031-03-17', LEADS, '09:00', at('2031-03-16T08:00:00'))).toBe('提前2天');
    expect(owedLead('2031-03-17', LEADS, '09:00', at('2031-03-17T09:00:00'))).toBe('当天');
  });

  it('counts months back by calendar month and owes nothing once the deadline has passed', () => {
    expect(owedLead('2031-03-31', ['提前1个月'], '00:00', at('2031-02-28T00:00:00'))).toBe('提前1个月');
    expect(owedLead('2031-03-31', ['提前1个月'], '00:00', at('2031-02-27T23:00:00'))).toBeNull();
    expect(owedLead('2031-03-17', LEADS, '09:00', at('2031-03-18T00:00:00'))).toBeNull();
    expect(owedLead('2031-03-17', [], '09:00', at('2031-03-17T12:00:00'))).toBeNull();
  });

  it('titles a deadline with its kind, the letter, the mark and the number, leaving out what is unknown', () => {
    expect(deadlineTitle('official', '驳回通知书', '星辰', '12700000')).toBe('【官方期限】驳回通知书 · 星辰 · 12700000');
    expect(deadlineTitle('handling', '补正通知书', '', '')).toBe('【办理期限】补正通知书');
  });
});
