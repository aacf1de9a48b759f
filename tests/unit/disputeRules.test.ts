import { describe, expect, it } from 'vitest';
import { CASE_DISPUTES, LETTER_DISPUTES, outcomeOf } from '../../src/server/disputes/disputeRules.js';

describe('a ruling read for our side', () => {
  it('counts the attacked mark falling as a win for the side that attacked it', () => {
    expect(outcomeOf('opposition', 'applicant', '被异议商标不予注册')).toBe('favourable');
    expect(outcomeOf('opposition', 'respondent', '被异议商标不予注册')).toBe('unfavourable');
    expect(outcomeOf('opposition', 'respondent', '准予注册')).toBe('favourable');
    expect(outcomeOf('invalidation', 'applicant', '争议商标予以无效宣告')).toBe('favourable');
    expect(outcomeOf('invalidation', 'respondent', '争议商标予以维持')).toBe('favourable');
    expect(outcomeOf('cancellation', 'respondent', '不予撤销')).toBe('favourable');
    expect(outcomeOf('cancellation', 'respondent', '该商标予以撤销')).toBe('unfavourable');
  });

  it('in a review we asked for, the mark under review is ours', () => {
    expect(outcomeOf('review', 'applicant', '申请商标予以核准注册')).toBe('favourable');
    expect(outcomeOf('review', 'applicant', '维持驳回')).toBe('unfavourable');
    expect(outcomeOf('review', 'applicant', '驳回复审申请')).toBe('unfavourable');
    expect(outcomeOf('invalidation', 'respondent', '驳回无效宣告请求')).toBe('favourable');
  });

  it('says partial or nothing when the words say so', () => {
    expect(outcomeOf('invalidation', 'applicant', '争议商标在部分商品上予以无效宣告')).toBe('partial');
    expect(outcomeOf('opposition', 'applicant', '')).toBe('');
    expect(outcomeOf('opposition', 'applicant', '另行通知')).toBe('');
  });

  it('knows the dispute case types and letter types', () => {
    expect(CASE_DISPUTES.removeDefence).toMatchObject({ procedure: 'cancellation', ourSide: 'respondent' });
    expect(LETTER_DISPUTES['异议答辩通知书']).toMatchObject({ procedure: 'opposition', stage: 'answering', ruling: false });
    expect(LETTER_DISPUTES['评审裁定书']).toMatchObject({ procedure: null, ruling: true });
  });
});
