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

export const CHANGE_TITLE = '变更商标申请人/注册人名义/地址 变更集体商标/证明商标管理规则/集体成员名单申请书';

/** The change form: what changes, the name and address after (`applicant`) and before (`change`). */
export function changeForm(input: FilingFormInput): FormContent {
  const matters = new Set(input.change?.matters ?? []);
  const before = input.change;
  return {
    title: CHANGE_TITLE,
    blocks: [
      formTable([
        {
          label: '变更事项',
          value: tickBoxes([
            ['变更申请人/注册人名义', matters.has('name')],
            ['变更申请人/注册人地址', matters.has('address')],
            ['变更集体商标/证明商标管理规则', matters.has('rules')],
            ['变更集体成员名单', matters.has('members')],
          ]),
        },
        { section: '变更后' },
        ...partyRows('申请人/注册人', input.applicant, { english: true }),
        { section: '变更前' },
        { label: '变更前名义（中文）', value: before?.nameBefore },
        { label: '变更前名义（英文）', value: before?.nameBeforeEn },
        { label: '变更前地址（中文）', value: before?.addressBefore },
        { label: '变更前地址（英文）', value: before?.addressBeforeEn },
        { section: '代理与商标' },
        ...receiverRows(input),
        ...agentRows(input.agent),
        { pair: ['商标申请号/注册号', markNumber(input), '是否共有商标', sharedMark(input)] },
        { label: '商标名称', value: input.mark.name },
        { label: '类别', value: classList(markClasses(input)) },
      ]),
      ...coApplicantBlocks('其他共有人名称列表', input),
      ...signatureBlock(['申请人/注册人章戳（签字）', '代理机构章戳', '代理人签字'], input.signedOn),
    ],
  };
}
