import { describe, expect, it } from 'vitest';
import {
  canChooseLevel,
  choiceLabel,
  choices,
  emptyClassValue,
  isChosen,
  lockedLevel,
  normaliseClassValue,
  removeChoice,
  toggleNode,
} from '../../src/widgets/classification/classPickerValue.js';

const ninth = { dirLevel: 0, cgNum: '9', cgName: '科学仪器' };
const clothing = { dirLevel: 0, cgNum: '25', cgName: '服装鞋帽' };
const computers = { dirLevel: 1, cgNum: '0901', cgName: '电子计算机及其外部设备' };
const software = { dirLevel: 2, cgNum: '090652', cgName: '计算机软件（已录制）' };

describe('class picker value', () => {
  it('the first choice fixes the level; other levels cannot be chosen', () => {
    let value = toggleNode(emptyClassValue(), ninth);
    expect(value).toEqual({ categories: ['9'], groups: [], goods: [] });
    expect(lockedLevel(value)).toBe(0);
    expect([canChooseLevel(value, 0), canChooseLevel(value, 1), canChooseLevel(value, 2)]).toEqual([true, false, false]);
    expect(toggleNode(value, computers)).toBe(value);
    value = toggleNode(value, clothing);
    expect(value.categories).toEqual(['9', '25']);
    expect(isChosen(value, clothing)).toBe(true);
  });

  it('emptying the chosen level unlocks every level', () => {
    let value = toggleNode(emptyClassValue(), computers);
    value = toggleNode(value, computers);
    expect(value).toEqual(emptyClassValue());
    expect(lockedLevel(value)).toBeNull();
    value = toggleNode(value, software);
    expect(value).toEqual({ categories: [], groups: [], goods: ['计算机软件（已录制）'] });
    expect(removeChoice(value, 2, '计算机软件（已录制）')).toEqual(emptyClassValue());
  });

  it('yields classes as plain numeric text, groups as numbers and goods as names', () => {
    const value = normaliseClassValue({ categories: ['09', 25], groups: undefined });
    expect(value).toEqual({ categories: ['9', '25'], groups: [], goods: [] });
    expect(normaliseClassValue(undefined)).toEqual(emptyClassValue());
    expect(isChosen(value, { dirLevel: 0, cgNum: '09', cgName: '科学仪器' })).toBe(true);
  });

  it('labels choices with names where known', () => {
    const names = new Map([
      ['0:9', '科学仪器'],
      ['1:0901', '电子计算机及其外部设备'],
    ]);
    expect(choiceLabel(0, '9', names)).toBe('第9类 科学仪器');
    expect(choiceLabel(0, '25', names)).toBe('第25类');
    expect(choiceLabel(1, '0901', names)).toBe('0901 电子计算机及其外部设备');
    expect(choiceLabel(2, '计算机软件（已录制）', names)).toBe('计算机软件（已录制）');
    expect(choices({ categories: [], groups: ['0901', '0902'], goods: [] })).toEqual([
      { level: 1, text: '0901' },
      { level: 1, text: '0902' },
    ]);
  });
});
