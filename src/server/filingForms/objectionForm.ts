import type { FilingFormInput } from './filingFormInput.js';
import { agentRows, classList, formTable, goodsBlocks, groundsBlocks, markClasses, partyRows, signatureBlock, type FormContent } from './filingFormLayout.js';

export const OBJECTION_TITLE = '商标异议申请书';

/** 商标异议申请书: the opponent (`applicant`), the opposed applicant (`counterparty`), the mark and its publication, the grounds. */
export function objectionForm(input: FilingFormInput): FormContent {
  return {
    title: OBJECTION_TITLE,
    blocks: [
      formTable([
        ...partyRows('异议人', input.applicant, { english: true }),
        ...agentRows(input.agent),
        ...partyRows('被异议人', input.counterparty, { english: true, contact: false }),
        { pair: ['被异议商标', input.mark.name, '商标申请号', input.mark.appNo] },
        { pair: ['类别', classList(markClasses(input)), '初步审定公告期号', input.publication?.issue] },
        { label: '初步审定公告日期', value: input.publication?.date },
      ]),
      ...goodsBlocks('被异议的商品/服务项目', input.goods),
      ...groundsBlocks(input, '异议请求'),
      ...signatureBlock(['异议人章戳（签字）', '代理机构章戳', '代理人签字'], input.signedOn),
    ],
  };
}
