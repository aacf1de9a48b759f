import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CaseDetail } from '../../src/generated/types.js';
import { attachmentFilesOf, bizParamOf, formValuesOf } from '../../src/widgets/cases/caseFormPayload.js';
import { formProblems, problemText, type FormNode } from '../../src/shared/formRules.js';

const typeForm = (name: string) =>
  (JSON.parse(readFileSync(new URL(`../../schemas/caseTypes/${name}.json`, import.meta.url), 'utf8')) as { form: FormNode }).form;

const goods = [
  { tmCl: 30, goods: [{ name: '咖啡', groupNum: '3001', cgNum: '300001' }] },
  { tmCl: 25, goods: [{ name: '服装' }] },
];

describe('the save payload built from a case form', () => {
  it('a domestic registration: one CN item with the classes and goods, files under CN, no priority claim', () => {
    const biz = bizParamOf(
      'domestic',
      { tmName: ' 星辰晨露 ', tmType: 'general', parentCgInfo: goods, priorityRadio: 'no', coOwnerInfo: [{ name: '甲', address: '乙' }] },
      { powerOfAttorney: [{ uid: '1', name: '委托书.pdf', size: 3, type: 'application/pdf', url: '', path: 'org/1/a.pdf', status: 'done' }] },
    );
    expect(biz.tmItems).toEqual([
      {
        appCountry: 'CN',
        tmCl: [25, 30],
        goodsItem: [
          { tmCl: 25, name: '服装' },
          { tmCl: 30, name: '咖啡', code: '3001' },
        ],
      },
    ]);
    expect(biz.officialSubmitFiles).toEqual([
      { appCountry: 'CN', files: [{ fileName: '委托书.pdf', filePath: 'org/1/a.pdf', attachmentKey: 'powerOfAttorney' }] },
    ]);
    expect(biz).toMatchObject({ tmName: '星辰晨露', intCls: [25, 30], priorityRadio: 'no', dplPriorityTm: '[]', brandId: null });
    expect(JSON.parse(biz.coOwnerInfo!)).toEqual([{ name: '甲', address: '乙' }]);
  });

  it('a priority claim becomes the JSON list the API keeps; a renewal’s single class and mark carry over', () => {
    const claimed = bizParamOf('domestic', { priorityRadio: 'yes', dplPriorityTm: { priorityDate: '2026-01-02', priorityNo: 'X1' } }, {});
    expect(JSON.parse(claimed.dplPriorityTm!)).toEqual([{ priorityDate: '2026-01-02', priorityNo: 'X1' }]);
    const renewal = bizParamOf('domestic', { brandId: 7, intCls: 9, tmName: '青禾' }, {});
    expect(renewal).toMatchObject({ brandId: 7, intCls: [9], tmItems: [{ appCountry: 'CN', tmCl: [9], goodsItem: [] }] });
  });

  it('an overseas registration: one item per country, national before Madrid, each once', () => {
    const biz = bizParamOf('overseas', { nationalCountries: ['US', 'JP'], madridCountries: ['JP', 'EM'], parentCgInfo: goods, basicAppNo: '123' }, {});
    expect(biz.tmItems!.map((i) => [i.appCountry, i.applyBasic, i.basicTmInfos])).toEqual([
      ['US', '逐一国家注册', '123'],
      ['JP', '逐一国家注册', '123'],
      ['EM', '马德里国际注册', '123'],
    ]);
  });

  it('a saved case back into the form: goods rebuilt from its items when the form lacks them; files under their attachments', () => {
    const detail = {
      bizParam: {
        form: { applicantName: '甲' },
        brandId: 5,
        tmName: '青禾',
        detailCgInfo: [{ appCountry: 'CN', countryName: '中国', cgInfo: [{ tmCl: 9, goodsItem: [{ tmCl: 9, code: '0901', name: '计算机' }] }] }],
        detailOfficFile: [{ appCountry: 'CN', files: [{ fileName: 'a.pdf', filePath: 'p/a.pdf', attachmentKey: 'evidence' }] }],
      },
    } as unknown as CaseDetail;
    expect(formValuesOf(detail)).toEqual({
      applicantName: '甲',
      brandId: 5,
      tmName: '青禾',
      parentCgInfo: [{ tmCl: 9, goods: [{ name: '计算机', groupNum: '0901' }] }],
    });
    expect(attachmentFilesOf(detail).evidence).toMatchObject([{ name: 'a.pdf', path: 'p/a.pdf', url: '/api/file/download?path=p%2Fa.pdf' }]);
  });
});

describe('the form rules of a case type', () => {
  const complete = {
    applicantName: '星辰日化股份有限公司',
    applicantAddress: '上海市',
    tmName: '星辰',
    tmType: 'general',
    markForm: 'word',
    markImage: [{ uid: '1' }],
    parentCgInfo: goods,
    priorityRadio: 'no',
  };

  it('a priority claim not made asks for none of its fields; one made asks for each', () => {
    expect(formProblems(typeForm('domesticRegistration'), complete)).toEqual([]);
    const claimed = formProblems(typeForm('domesticRegistration'), { ...complete, priorityRadio: 'yes', dplPriorityTm: { priorityType: 'filing' } }).map(
      problemText,
    );
    expect(claimed).toEqual(['在先申请国家/地区不能为空', '在先申请日期不能为空', '在先申请号不能为空']);
  });

  it('goods left out are named', () => {
    expect(formProblems(typeForm('domesticRegistration'), { ...complete, parentCgInfo: [] }).map(problemText)).toEqual(['类别与商品不能为空']);
  });
});
