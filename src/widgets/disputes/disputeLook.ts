import type { DisputeSummary } from '../../generated/types.js';

export const PROCEDURE_TITLES: Record<DisputeSummary['procedure'], string> = {
  opposition: '异议',
  invalidation: '无效宣告',
  cancellation: '撤销（撤三）',
  review: '复审',
};
export const SIDE_TITLES: Record<DisputeSummary['ourSide'], string> = { applicant: '我方为申请人', respondent: '我方为被申请人' };
export const STAGE_TITLES: Record<DisputeSummary['stage'], string> = {
  preparing: '准备中',
  filed: '已提交',
  answering: '答辩/举证中',
  decided: '已裁定',
  closed: '已结案',
};
export const OUTCOME_TITLES: Record<DisputeSummary['outcome'], string> = {
  '': '尚无结果',
  favourable: '对我方有利',
  unfavourable: '对我方不利',
  partial: '部分支持',
};
export const OUTCOME_COLORS: Record<DisputeSummary['outcome'], string> = { '': 'default', favourable: 'success', unfavourable: 'error', partial: 'warning' };
export const LETTER_STATUS = ['待处理', '已处理', '已忽略'];
