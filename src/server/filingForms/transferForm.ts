import type { FilingFormInput } from './filingFormInput.js';
import {
  agentRows,
  classList,
  coApplicantBlocks,
  formTable,
  markClasses,
  markNumber,
  partyRows,
  receiverRows,
  sharedMark,
  signatureBlock,
  tickBoxes,
  type FormContent,
} from './filingFormLayout.js';

export const TRANSFER_TITLE = '转让/移转申请/注册商标申请书';

/** 转让/移转申请/注册商标申请书: the assignor (`applicant`), the assignee (`counterparty`) and the mark. */
export function transferForm(input: FilingFormInput): FormContent {
  const succession = input.transferKind === 'succession';
  return {
    title: TRANSFER_TITLE,
    blocks: [
      formTable([
        {
          label: '申请事项',
          value: tickBoxes([
            ['转让', !succession],
            ['移转', succession],
          ]),
        },
        ...partyRows('转让人', input.applicant, { english: true, contact: false }),
        ...partyRows('受让人', input.counterparty, { english: true }),
        ...receiverRows(input),
        ...agentRows(input.agent),
        { pair: ['商标申请号/注册号', markNumber(input), '是否共有商标', sharedMark(input)] },
        { label: '商标名称', value: input.mark.name },
        { label: '类别', value: classList(markClasses(input)) },
      ]),
      ...coApplicantBlocks('其他共有人名称列表', input),
      ...signatureBlock(['转让人章戳（签字）', '受让人章戳（签字）', '代理机构章戳', '代理人签字'], input.signedOn),
    ],
  };
}
