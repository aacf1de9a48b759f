import { describe, expect, it } from 'vitest';
import type { Selectable } from 'kysely';
import type { BrandArchivesTable } from '../../src/server/db/tables.js';
import { isEmptyValue, mergedValues } from '../../src/server/trademarks/mergeBrands.js';

type Row = Selectable<BrandArchivesTable>;

const mark = (id: number, updated: string, values: Partial<Row> = {}): Row =>
  ({
    id,
    org_id: 1,
    register_id: null,
    source: 1,
    owner_user_id: null,
    country_code: 'CN',
    app_no: 'A1',
    reg_no: null,
    int_cls: 3,
    tm_name: '',
    tm_name_pinyin: '',
    new_tm_name: '',
    tm_type: '普通商标',
    tm_status: '',
    ori_tm_status: '',
    applicant_cn: '',
    applicant_en: '',
    applicant_address: '',
    applicant_address_en: '',
    agent: '',
    agent_en: '',
    agent_address: '',
    agent_address_en: '',
    app_date: null,
    prelim_date: null,
    announcement_issue: '',
    reg_date: null,
    reg_issue: '',
    private_end_date: null,
    submit_way: '单一申请',
    goods: [],
    goods_en: [],
    logo_path: null,
    logo_hash: null,
    custom_values: {},
    remark: '',
    created_by: null,
    created_at: new Date('2026-01-01T00:00:00Z'),
    updated_at: new Date(updated),
    ...values,
  }) as Row;

describe('the merge rule', () => {
  it('keeps the kept mark’s values and fills only its empty ones, newest donor first', () => {
    const kept = mark(1, '2026-03-01', { tm_name: '保留', applicant_en: ' ', reg_date: null });
    const older = mark(2, '2026-01-05', { tm_name: '旧', applicant_en: 'OLD', reg_date: '2020-01-01', agent: '旧代理' });
    const newer = mark(3, '2026-02-05', { tm_name: '新', applicant_en: 'NEW', reg_date: null });
    const changes = mergedValues(kept, [older, newer]);
    expect(changes).toEqual({ applicant_en: 'NEW', reg_date: '2020-01-01', agent: '旧代理' });
  });

  it('takes a name with its pinyin and a logo with its hash from the same mark', () => {
    const kept = mark(1, '2026-03-01', { tm_name: '', tm_name_pinyin: 'stale' });
    const donor = mark(2, '2026-01-05', { tm_name: '星辰', tm_name_pinyin: 'xingchen', logo_path: 'a/b.png', logo_hash: '123' });
    expect(mergedValues(kept, [donor])).toMatchObject({ tm_name: '星辰', tm_name_pinyin: 'xingchen', logo_path: 'a/b.png', logo_hash: '123' });
  });

  it('merges custom values key by key and writes lists as JSON', () => {
    const kept = mark(1, '2026-03-01', { custom_values: { a: '保留', b: '', c: [] } });
    const older = mark(2, '2026-01-05', { custom_values: { b: '旧', c: ['x'], d: 4 }, goods: [{ code: '0301', name: '香皂' }] });
    const newer = mark(3, '2026-02-05', { custom_values: { b: '新' } });
    const changes = mergedValues(kept, [older, newer]);
    expect(JSON.parse(changes.custom_values as string)).toEqual({ a: '保留', b: '新', c: ['x'], d: 4 });
    expect(JSON.parse(changes.goods as string)).toEqual([{ code: '0301', name: '香皂' }]);
  });

  it('changes nothing when the kept mark is complete', () => {
    const kept = mark(1, '2026-03-01', { tm_name: '全', custom_values: { a: 1 } });
    const other = mark(2, '2026-04-01', { tm_name: '别', custom_values: { a: 2 } });
    expect(Object.keys(mergedValues(kept, [other])).filter((k) => k === 'tm_name' || k === 'custom_values')).toEqual([]);
  });

  it('counts blank text, empty lists and objects as empty, but not zero or false', () => {
    expect([null, undefined, '', '  ', [], {}].every(isEmptyValue)).toBe(true);
    expect([0, false, 'x', [1], { a: 1 }].some(isEmptyValue)).toBe(false);
  });
});
