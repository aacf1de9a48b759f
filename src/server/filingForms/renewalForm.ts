import type { FilingFormInput } from './filingFormInput.js';
import {
  agentRows,
  classList,
  coApplicantBlocks,
  formTable,
  markClasses,
  partyRows,
  receiverRows,
  sharedMark,
  signatureBlock,
  type FormContent,
} from './filingFormLayout.js';

export const RENEWAL_TITLE = '商标续展注册申请书';

/** 商标续展注册申请书: the registrant, the registration number and the classes renewed. */
export function renewalForm(input: FilingFormInput): FormContent {
  return {
    title: RENEWAL_TITLE,
    blocks: [
      formTable([
        ...partyRows('申请人', input.applicant, { english: true }),
        ...receiverRows(input),
        ...agentRows(input.agent),
        { pair: ['商标注册号', input.mark.regNo, '是否共有商标', sharedMark(input)] },
        { label: '商标名称', value: input.mark.name },
        { label: '续展类别', value: classList(markClasses(input)) },
      ]),
      ...coApplicantBlocks('其他共有人名称列表', input),
      ...signatureBlock(['申请人章戳（签字）', '代理机构章戳', '代理人签字'], input.signedOn),
    ],
  };
}
