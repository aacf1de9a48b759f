import { describe, expect, it } from 'vitest';
import dict from '../../schemas/dicts/official-types.json';
import type { OfficialTypeEntry } from '../../src/shared/officialTypes.js';
import { findLetterType, parseLetterText } from '../../src/shared/letterParse.js';
import { MADRID_COUNTRY, parseOverseasLetterName } from '../../src/shared/overseasLetterName.js';
import { acceptanceLetter, refusalLetter, registrationCertificateLetter } from '../letters/cnipaLetters.js';

const catalog = dict.items as OfficialTypeEntry[];

describe('reading a CNIPA letter', () => {
  it('reads a refusal: type, dispatch number, application number, send date, mark and applicant', () => {
    const letter = refusalLetter();
    const parsed = parseLetterText(letter.lines.join('\n'), catalog);
    expect(parsed.type?.value).toBe('refusal');
    expect(parsed.dispatchNo).toBe('TMZC71234567BHTZ01');
    expect(parsed.appNo).toBe('71234567');
    expect(parsed.sendDate).toBe('2025-03-14');
    expect(parsed.markName).toBe('蓝鲸优选');
    expect(parsed.applicant).toBe('杭州蓝鲸科技有限公司');
  });

  it('reads the same letter when the text layer lost its line breaks', () => {
    const parsed = parseLetterText(refusalLetter().lines.join(' '), catalog);
    expect(parsed).toMatchObject({ dispatchNo: 'TMZC71234567BHTZ01', appNo: '71234567', sendDate: '2025-03-14', markName: '蓝鲸优选' });
    expect(parsed.applicant).toBe('杭州蓝鲸科技有限公司');
  });

  it('reads an acceptance notice whose number and applicant sit inside a sentence', () => {
    const parsed = parseLetterText(acceptanceLetter().lines.join('\n'), catalog);
    expect(parsed.type?.value).toBe('acceptance');
    expect(parsed).toMatchObject({ dispatchNo: 'TMZC72000001ZCSL01', appNo: '72000001', sendDate: '2024-11-02', markName: '山海集' });
    expect(parsed.applicant).toBe('上海山海文化传播有限公司');
  });

  it('reads a registration certificate with its date written out in Chinese numerals', () => {
    const parsed = parseLetterText(registrationCertificateLetter().lines.join('\n'), catalog);
    expect(parsed.type?.value).toBe('registrationCertificate');
    expect(parsed.type?.markStatus).toBe('已注册');
    expect(parsed).toMatchObject({ appNo: '60123456', sendDate: '2023-07-27', markName: '青禾', applicant: '青禾农业发展有限公司' });
    expect(parsed.dispatchNo).toBeUndefined();
  });

  it('takes the longest keyword: 不予受理 is not 受理, 部分驳回 is not 驳回', () => {
    expect(findLetterType('商标注册申请不予受理通知书', catalog)?.value).toBe('nonAcceptance');
    expect(findLetterType('商标部分驳回通知书 申请号：1', catalog)?.value).toBe('partialRefusal');
    expect(findLetterType('商标驳回通知书', catalog)?.value).toBe('refusal');
  });

  it('prefers the title over letters the body mentions', () => {
    const text = `商标注册申请受理通知书\n${'经审查符合受理条件。'.repeat(40)}\n如收到驳回通知书，可申请驳回复审决定书所述复审。`;
    expect(findLetterType(text, catalog)?.value).toBe('acceptance');
  });

  it('reads full-width digits and a Madrid number', () => {
    const parsed = parseLetterText('发文编号：ＴＭＧＪ２０２５０００１\n国际注册号：G1234567\n发文日期：2025-1-5', catalog);
    expect(parsed).toMatchObject({ dispatchNo: 'TMGJ20250001', appNo: 'G1234567', sendDate: '2025-01-05' });
  });

  it('finds nothing in text that is not a letter, and refuses impossible dates', () => {
    const parsed = parseLetterText('今天天气很好 2025年02月30日', catalog);
    expect(parsed.type).toBeUndefined();
    expect(parsed.appNo).toBeUndefined();
    expect(parsed.sendDate).toBeUndefined();
  });

  it('reads the copyright centre’s numbers: a software or work registration number, or the application’s 流水号', () => {
    const correction = parseLetterText(
      [
        '中国版权保护中心',
        '著作权登记补正通知书',
        '流水号：2025R11L0123456',
        '软件名称：星辰日化会员管理系统',
        '著作权人：星辰日化股份有限公司',
        '发文日期：2025年06月03日',
      ].join('\n'),
      catalog,
      'copyright',
    );
    expect(correction).toMatchObject({ appNo: '2025R11L0123456', sendDate: '2025-06-03', markName: '星辰日化会员管理系统', applicant: '星辰日化股份有限公司' });
    expect(correction.type?.value).toBe('copyrightCorrection');
    expect(parseLetterText('计算机软件著作权登记证书\n登记号：2025sr0456789\n软件名称：花语商城', catalog).appNo).toBe('2025SR0456789');
    expect(parseLetterText('作品登记证书\n登记号：国作登字-2025-F-00012345\n作品名称：星辰花语', catalog, 'copyright').appNo).toBe('国作登字-2025-F-00012345');
    // A trademark number is no copyright number.
    expect(parseLetterText('著作权登记补正通知书\n申请号：71234567', catalog, 'copyright').appNo).toBeUndefined();
  });

  it('keeps to the business asked for: 补正通知书 of the copyright centre', () => {
    expect(findLetterType('著作权登记补正通知书', catalog, 'copyright')?.value).toBe('copyrightCorrection');
    expect(findLetterType('计算机软件著作权登记证书', catalog, 'copyright')?.value).toBe('copyrightCertificate');
  });
});

describe('the overseas letter file name (spec 001 §5)', () => {
  it('reads type, application number and country joined by _ or -', () => {
    expect(parseOverseasLetterName('驳回通知书_123456_美国.pdf')).toEqual({ type: '驳回通知书', appNo: '123456', country: '美国' });
    expect(parseOverseasLetterName('注册证-UK0003456789-英国.jpeg')).toEqual({ type: '注册证', appNo: 'UK0003456789', country: '英国' });
  });

  it('takes Madrid when the country is omitted', () => {
    expect(parseOverseasLetterName('驳回通知书_g1234567.png')).toEqual({ type: '驳回通知书', appNo: 'G1234567', country: MADRID_COUNTRY });
  });

  it('refuses a name that begins with ASCII, another extension, or a missing part', () => {
    expect(parseOverseasLetterName('refusal_123456_美国.pdf')).toBeNull();
    expect(parseOverseasLetterName('驳回通知书_123456_美国.docx')).toBeNull();
    expect(parseOverseasLetterName('驳回通知书.pdf')).toBeNull();
    expect(parseOverseasLetterName('驳回通知书__美国.pdf')).toBeNull();
    expect(parseOverseasLetterName('驳回通知书_12 34_美国_x.pdf')).toBeNull();
  });
});
