import { describe, expect, it } from 'vitest';
import { collectCaseTypeProblems } from '../../src/schemaSource/caseTypeProblems.js';
import { loadSchemaFiles, schemaId, type SchemaFile } from '../../src/schemaSource/schemaFiles.js';
import { describeProblem, sectionOf } from '../../src/designer/caseType/caseTypeProblems.js';
import { blankCaseType, copyOfCaseType, moveItem, unusedKey } from '../../src/designer/caseType/caseTypeBody.js';

const dicts = loadSchemaFiles().filter((f) => f.kind === 'dicts');
const caseType = (body: Record<string, unknown>): SchemaFile => ({
  kind: 'caseTypes',
  file: 'caseTypes/sample.json',
  id: schemaId('caseTypes/sample.json'),
  body,
});
const base = { name: 'sample', title: '样例', category: 'case', form: { type: 'object', properties: {} } };

describe('case-type problems the meta-schema cannot see', () => {
  it('finds repeated keys and statuses the type does not have, against the default statuses when it has none of its own', () => {
    const problems = collectCaseTypeProblems([
      ...dicts,
      caseType({
        ...base,
        stages: [
          { key: 'search', title: '检索', status: 'accepted' },
          { key: 'search', title: '报告', status: 'reported' },
        ],
        attachments: [
          { key: 'power', title: '委托书' },
          { key: 'power', title: '营业执照' },
        ],
        transitions: [{ action: 'submit', from: ['draft', 'nowhere'], to: 'pending', permission: 'x' }],
      }),
    ]);
    expect(problems.map((p) => [p.at, p.message])).toEqual([
      ['/stages/1/key', '阶段标识 search 重复'],
      ['/attachments/1/key', '附件标识 power 重复'],
      ['/stages/1/status', '没有定义状态 reported'],
      ['/transitions/0/from/1', '没有定义状态 nowhere'],
    ]);
  });

  it('checks against the type’s own statuses when it has them', () => {
    const problems = collectCaseTypeProblems([
      ...dicts,
      caseType({ ...base, stages: [{ key: 'a', title: 'A', status: 'draft' }], statuses: [{ key: 'open', title: '办理中' }] }),
    ]);
    expect(problems).toEqual([{ file: 'caseTypes/sample.json', at: '/stages/0/status', message: '没有定义状态 draft' }]);
  });
});

describe('problems in the builder’s words', () => {
  it('puts each problem in the section of the part it concerns', () => {
    expect(sectionOf({ at: '/stages/2/title', message: '至少要有 1 个字符' })).toBe('stages');
    expect(sectionOf({ at: '/transitions/0/to', message: '没有定义状态 x' })).toBe('flow');
    expect(sectionOf({ at: '/feeItems/0/name', message: '至少要有 1 个字符' })).toBe('fees');
    expect(sectionOf({ at: '/form/properties/a/x-component', message: '未知的构件 Nope' })).toBe('form');
    expect(sectionOf({ at: '/', message: '缺少必填的 stages' })).toBe('stages');
    expect(sectionOf({ at: '/', message: '缺少必填的 title' })).toBe('basic');
    expect(sectionOf({ at: '/name', message: '格式不符（应匹配 ^[a-z][A-Za-z0-9]*$）' })).toBe('basic');
  });

  it('names the item and the field in Chinese', () => {
    expect(describeProblem({ at: '/stages/2/title', message: '至少要有 1 个字符' })).toBe('第 3 个阶段：名称不能为空');
    expect(describeProblem({ at: '/stages/0', message: '缺少必填的 title' })).toBe('第 1 个阶段：名称不能为空');
    expect(describeProblem({ at: '/stages/0/deadlineDays', message: '不能小于 0' })).toBe('第 1 个阶段：期限（天）不能小于 0');
    expect(describeProblem({ at: '/stages', message: '至少要有 1 项' })).toBe('至少要有一个阶段');
    expect(describeProblem({ at: '/name', message: '格式不符（应匹配 ^[a-z][A-Za-z0-9]*$）' })).toBe('标识应以小写英文字母开头，只含英文字母和数字');
    expect(describeProblem({ at: '/', message: '缺少必填的 title' })).toBe('名称不能为空');
    expect(describeProblem({ at: '/feeItems/1/kind', message: '取值只能是 "official"' })).toBe('第 2 个费用项：费用类别：取值只能是 "official"');
  });
});

describe('starting a type', () => {
  it('copies everything of another type but its identity and pages', () => {
    const copy = copyOfCaseType({ ...base, name: 'renewal', title: '商标续展', routes: { apply: '/brands/renewal' }, stages: [{ key: 'a', title: 'A' }] }, [
      'renewalCopy1',
    ]);
    expect(copy.name).toBe('renewalCopy2');
    expect(copy.title).toBe('商标续展（副本）');
    expect(copy).not.toHaveProperty('routes');
    expect(copy.stages).toEqual([{ key: 'a', title: 'A' }]);
  });

  it('starts blank with an empty form and no stages', () => {
    expect(blankCaseType()).toMatchObject({ name: '', category: 'case', form: { type: 'object', properties: {} }, stages: [] });
  });

  it('numbers new keys past those in use and moves rows within the list', () => {
    expect(unusedKey('stage', ['stage1', 'stage3'])).toBe('stage2');
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
