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
  effectiveSort,
  sortFromSettings,
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

  it('without a chosen sort the default order is the active one: the first press on its key flips it', () => {
    const fallback = [{ key: 'app_date', ascending: false }];
    expect(effectiveSort([], fallback)).toBe(fallback);
    expect(presetState(effectiveSort([], fallback), 'app_date')).toBe('descending');
    let current = togglePreset([], 'app_date', fallback);
    expect(current).toEqual([{ key: 'app_date', ascending: true }]);
    current = togglePreset(current, 'app_date', fallback);
    expect(current).toEqual([{ key: 'app_date', ascending: false }]);
    // Another key starts descending; a chosen sort wins over the default.
    expect(togglePreset([], 'reg_date', fallback)).toEqual([{ key: 'reg_date', ascending: false }]);
    expect(effectiveSort([{ key: 'reg_date', ascending: true }], fallback)).toEqual([{ key: 'reg_date', ascending: true }]);
    // A default ascending order flips to descending.
    expect(togglePreset([], 'tm_name', [{ key: 'tm_name', ascending: true }])).toEqual([{ key: 'tm_name', ascending: false }]);
  });

  it('reads the default order from a settings reply', () => {
    expect(sortFromSettings({ sortField: 'app_date', sortType: 'desc' })).toEqual([{ key: 'app_date', ascending: false }]);
    expect(sortFromSettings({ sortField: 'tm_name', sortType: 'asc' })).toEqual([{ key: 'tm_name', ascending: true }]);
    expect(sortFromSettings({ sortField: 'reg_date,app_date', sortType: 'desc' })).toEqual([
      { key: 'reg_date', ascending: false },
      { key: 'app_date', ascending: true },
    ]);
    expect(sortFromSettings({ sortField: '', sortType: 'desc' })).toEqual([]);
    expect(sortFromSettings(undefined)).toEqual([]);
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
    const preset = makePreset(
      '  申请在前 ',
      [
        { key: 'app_date', ascending: true },
        { key: 'reg_date', ascending: false },
      ],
      DEFAULT_SORT_OPTIONS,
    );
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
    expect(
      isPresetActive(
        [
          { key: 'app_date', ascending: true },
          { key: 'reg_date', ascending: false },
        ],
        preset,
      ),
    ).toBe(true);
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
