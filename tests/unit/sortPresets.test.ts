import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT_OPTIONS,
  addPreset,
  addRow,
  isPresetActive,
  keysToRows,
  makePreset,
  parsePresets,
  presetState,
  presetsFor,
  removePreset,
  rowsToKeys,
  sortRequest,
  togglePreset,
} from '../../src/runtime/blocks/sortPresets.js';

describe('sort presets', () => {
  it('offers 申请日期 and 注册日期 by default', () => {
    expect(DEFAULT_SORT_OPTIONS).toEqual([
      { name: '申请日期', key: 'app_date' },
      { name: '注册日期', key: 'reg_date' },
    ]);
  });

  it('a preset button sorts descending first, then toggles its direction; another key replaces it', () => {
    let current = togglePreset([], 'app_date');
    expect(current).toEqual([{ key: 'app_date', ascending: false }]);
    expect(presetState(current, 'app_date')).toBe('descending');
    current = togglePreset(current, 'app_date');
    expect(presetState(current, 'app_date')).toBe('ascending');
    current = togglePreset(current, 'app_date');
    expect(presetState(current, 'app_date')).toBe('descending');
    current = togglePreset(current, 'reg_date');
    expect(current).toEqual([{ key: 'reg_date', ascending: false }]);
    expect(presetState(current, 'app_date')).toBeNull();
    // A custom sort of several keys leaves every preset button off, and the next press starts afresh.
    const custom = [
      { key: 'app_date', ascending: true },
      { key: 'reg_date', ascending: true },
    ];
    expect(presetState(custom, 'app_date')).toBeNull();
    expect(togglePreset(custom, 'app_date')).toEqual([{ key: 'app_date', ascending: false }]);
  });

  it('every custom row needs its field before sorting or adding another', () => {
    expect(rowsToKeys([{ key: 'app_date', ascending: true }, { ascending: false }])).toEqual({ keys: [], error: '请补充完排序信息再进行排序' });
    expect(rowsToKeys([])).toEqual({ keys: [], error: '请补充完排序信息再进行排序' });
    expect(addRow([{ ascending: true }])).toEqual({ rows: [{ ascending: true }], error: '请补充完排序信息再进行添加' });
    expect(addRow([{ key: 'app_date', ascending: true }]).rows).toEqual([{ key: 'app_date', ascending: true }, { ascending: true }]);
    expect(
      rowsToKeys([
        { key: 'reg_date', ascending: false },
        { key: 'app_date', ascending: true },
      ]),
    ).toEqual({
      keys: [
        { key: 'reg_date', ascending: false },
        { key: 'app_date', ascending: true },
      ],
    });
    expect(keysToRows([])).toEqual([{ ascending: true }]);
  });

  it('sends the keys in order, comma-joined, with their directions', () => {
    expect(sortRequest([])).toBeNull();
    expect(sortRequest([{ key: 'app_date', ascending: false }])).toEqual({ sortField: 'app_date', sortType: 'desc' });
    expect(
      sortRequest([
        { key: 'reg_date', ascending: true },
        { key: 'app_date', ascending: false },
      ]),
    ).toEqual({ sortField: 'reg_date,app_date', sortType: 'asc,desc' });
  });

  it('saved presets are [{name, list:[{name,key,ascending}]}]: named, unique, removable', () => {
    const preset = makePreset('  申请在前 ', [{ key: 'app_date', ascending: true }, { key: 'reg_date', ascending: false }], DEFAULT_SORT_OPTIONS);
    expect(preset).toEqual({
      name: '申请在前',
      list: [
        { name: '申请日期', key: 'app_date', ascending: true },
        { name: '注册日期', key: 'reg_date', ascending: false },
      ],
    });
    const { presets } = addPreset([], preset);
    expect(presets).toEqual([preset]);
    expect(addPreset(presets, preset)).toEqual({ presets, error: '该排序名称已存在' });
    expect(addPreset(presets, { ...preset, name: '' }).error).toBe('请输入排序名称');
    expect(removePreset(presets, '申请在前')).toEqual([]);
    expect(isPresetActive([{ key: 'app_date', ascending: true }, { key: 'reg_date', ascending: false }], preset)).toBe(true);
    expect(isPresetActive([{ key: 'app_date', ascending: true }], preset)).toBe(false);
  });

  it('reads the stored JSON text leniently and shows only presets this bar can apply', () => {
    expect(parsePresets(null)).toEqual([]);
    expect(parsePresets('{oops')).toEqual([]);
    expect(parsePresets('{"name":"x"}')).toEqual([]);
    const stored = [
      { name: '日期', list: [{ name: '申请日期', key: 'app_date', ascending: true }] },
      { name: '名称', list: [{ name: '申请人名称', key: 'applicantName', ascending: true }] },
      { name: '坏的', list: [{ key: 3 }] },
    ];
    const all = parsePresets(JSON.stringify(stored));
    expect(all.map((p) => p.name)).toEqual(['日期', '名称']);
    expect(presetsFor(all, DEFAULT_SORT_OPTIONS).map((p) => p.name)).toEqual(['日期']);
  });
});
