import type { FilingFormInput, MarkDeclaration } from './filingFormInput.js';
import {
  agentRows,
  coApplicantBlocks,
  formTable,
  gap,
  goodsBlocks,
  markClasses,
  markImageTable,
  partyRows,
  priorityRows,
  receiverRows,
  signatureBlock,
  tickBoxes,
  type FormContent,
} from './filingFormLayout.js';

export const REGISTRATION_TITLE = '商标注册申请书';

const DECLARATIONS: [MarkDeclaration, string][] = [
  ['collective', '集体商标'],
  ['certification', '证明商标'],
  ['threeDimensional', '以三维标志申请商标注册'],
  ['colourCombination', '以颜色组合申请商标注册'],
  ['sound', '以声音标志申请商标注册'],
  ['jointApplication', '两个以上申请人共同申请注册同一商标'],
];

/** 商标注册申请书: applicant, agent, declarations, priority, the mark, its classes and goods. */
export function registrationForm(input: FilingFormInput): FormContent {
  const declared = new Set(input.mark.declarations ?? []);
  if (input.coApplicants?.length) declared.add('jointApplication');
  const classes = markClasses(input);
  return {
    title: REGISTRATION_TITLE,
    blocks: [
      formTable([
        ...partyRows('申请人', input.applicant, { english: true }),
        ...receiverRows(input),
        ...agentRows(input.agent),
        { label: '商标申请声明', value: tickBoxes(DECLARATIONS.map(([key, label]) => [label, declared.has(key)])) },
        ...priorityRows(input.priority),
        { label: '商标名称', value: input.mark.name },
        { label: '商标说明', value: input.mark.description },
        { pair: ['类别数', String(classes.length), '商品/服务项目数', String(input.goods?.length ?? 0)] },
      ]),
      gap(),
      markImageTable(input.mark.image),
      ...goodsBlocks('类别及商品/服务项目', input.goods),
      ...coApplicantBlocks('其他共同申请人名称列表', input),
      ...signatureBlock(['申请人章戳（签字）', '代理机构章戳', '代理人签字'], input.signedOn),
    ],
  };
}
