import type { FilingFormInput } from './filingFormInput.js';
import { agentRows, classList, formTable, goodsBlocks, markClasses, partyRows, signatureBlock, type FormContent } from './filingFormLayout.js';

export const LICENSE_RECORD_TITLE = '商标使用许可备案表';

/** 商标使用许可备案表: licensor (`applicant`), licensee (`counterparty`), the mark, the term and the licensed goods. */
export function licenseRecordForm(input: FilingFormInput): FormContent {
  const term = input.licence ? `自 ${input.licence.from} 至 ${input.licence.to}` : '自    年  月  日 至    年  月  日';
  return {
    title: LICENSE_RECORD_TITLE,
    blocks: [
      formTable([
        ...partyRows('许可人', input.applicant, { english: true }),
        ...partyRows('被许可人', input.counterparty, { english: true }),
        ...agentRows(input.agent),
        { pair: ['商标注册号', input.mark.regNo, '类别', classList(markClasses(input))] },
        { label: '商标名称', value: input.mark.name },
        { label: '许可期限', value: term },
      ]),
      ...goodsBlocks('许可使用的商品/服务项目', input.goods),
      ...signatureBlock(['许可人章戳（签字）', '被许可人章戳（签字）', '代理机构章戳'], input.signedOn),
    ],
  };
}
