import type { DisputeSummary } from '../../generated/types.js';

export type Procedure = DisputeSummary['procedure'];
export type OurSide = DisputeSummary['ourSide'];
export type Stage = DisputeSummary['stage'];
export type Outcome = DisputeSummary['outcome'];

export const PROCEDURE_TITLES: Record<Procedure, string> = { opposition: '异议', invalidation: '无效宣告', cancellation: '撤销（撤三）', review: '复审' };
export const PROCEDURES = Object.keys(PROCEDURE_TITLES) as Procedure[];

/** What a dispute-type case says of its dispute, and which of its form fields name the other side. */
export interface CaseDisputeKind {
  procedure: Procedure;
  ourSide: OurSide;
  /** The other mark is the case's target (we attack it); else our archive mark is attacked by the named party. */
  targetIsOther: boolean;
}

/** The case types that are a dispute (schemas/caseTypes): 异议申请/答辩、无效宣告申请/答辩、撤三申请/答辩、撤销复审、驳回与不予注册复审. */
export const CASE_DISPUTES: Record<string, CaseDisputeKind> = {
  objectionApply: { procedure: 'opposition', ourSide: 'applicant', targetIsOther: true },
  objectionDefence: { procedure: 'opposition', ourSide: 'respondent', targetIsOther: false },
  invalidApply: { procedure: 'invalidation', ourSide: 'applicant', targetIsOther: true },
  invalidDefence: { procedure: 'invalidation', ourSide: 'respondent', targetIsOther: false },
  removeApply: { procedure: 'cancellation', ourSide: 'applicant', targetIsOther: true },
  removeDefence: { procedure: 'cancellation', ourSide: 'respondent', targetIsOther: false },
  reviewApply: { procedure: 'review', ourSide: 'applicant', targetIsOther: false },
  reviewDefence: { procedure: 'review', ourSide: 'respondent', targetIsOther: false },
  rejectRecheck: { procedure: 'review', ourSide: 'applicant', targetIsOther: false },
  recheckByApplicationNo: { procedure: 'review', ourSide: 'applicant', targetIsOther: false },
  recheckByRegistrationNo: { procedure: 'review', ourSide: 'applicant', targetIsOther: false },
};

/** What a letter of a dispute type tells: the procedure (null when the ruling may end any of them), our side, the stage it opens, whether it is the ruling. */
export interface LetterDisputeKind {
  procedure: Procedure | null;
  ourSide: OurSide;
  stage: Stage;
  ruling: boolean;
}

/** Letter types (labels of schemas/dicts/official-types.json) that start or move a dispute. */
export const LETTER_DISPUTES: Record<string, LetterDisputeKind> = {
  异议答辩通知书: { procedure: 'opposition', ourSide: 'respondent', stage: 'answering', ruling: false },
  不予注册决定书: { procedure: 'opposition', ourSide: 'respondent', stage: 'decided', ruling: true },
  准予注册决定书: { procedure: 'opposition', ourSide: 'respondent', stage: 'decided', ruling: true },
  评审案件答辩通知书: { procedure: 'invalidation', ourSide: 'respondent', stage: 'answering', ruling: false },
  提供注册商标使用证据通知书: { procedure: 'cancellation', ourSide: 'respondent', stage: 'answering', ruling: false },
  撤销连续三年不使用注册商标的决定: { procedure: 'cancellation', ourSide: 'respondent', stage: 'decided', ruling: true },
  驳回复审决定书: { procedure: 'review', ourSide: 'applicant', stage: 'decided', ruling: true },
  评审裁定书: { procedure: null, ourSide: 'respondent', stage: 'decided', ruling: true },
};

/**
 * Whether a ruling went our way, read from its words and our side: an opposition or invalidation
 * we brought is won when the other mark is refused or declared invalid, one brought against us when
 * our mark stands; 部分 makes it partial. Empty when the words say neither.
 */
export function outcomeOf(procedure: Procedure, ourSide: OurSide, ruling: string): Outcome {
  const text = ruling.replace(/\s/g, '');
  if (!text) return '';
  if (text.includes('部分')) return 'partial';
  // A request against a mark refused (驳回…请求) leaves it standing; in a review the request refused is ours, for our mark.
  const requestRefused = /驳回.*(申请|请求)/.test(text);
  const markStands = (procedure !== 'review' && requestRefused) || /准予注册|予以核准|维持注册|予以维持|不予撤销|初步审定/.test(text);
  const markFalls = !markStands && (requestRefused || /不予注册|无效宣告|宣告无效|予以撤销|撤销该|维持驳回/.test(text));
  if (!markFalls && !markStands) return '';
  // In a review we asked for (驳回复审, 不予注册复审) the mark under review is ours.
  const attackedIsOurs = procedure === 'review' ? ourSide === 'applicant' : ourSide === 'respondent';
  const ourMarkStands = attackedIsOurs ? markStands : markFalls;
  return ourMarkStands ? 'favourable' : 'unfavourable';
}
