import type { FilingFormInput } from './filingFormInput.js';
import { agentRows, classList, formTable, goodsBlocks, groundsBlocks, markClasses, partyRows, signatureBlock, type FormContent } from './filingFormLayout.js';

export const REJECT_RECHECK_TITLE = '驳回商标注册申请复审申请书';

/** 驳回商标注册申请复审申请书: the applicant, the refused application and notice, the goods under review, the grounds. */
export function rejectRecheckForm(input: FilingFormInput): FormContent {
  return {
    title: REJECT_RECHECK_TITLE,
    blocks: [
      formTable([
        ...partyRows('申请人', input.applicant, { english: true }),
        ...agentRows(input.agent),
        { pair: ['申请商标', input.mark.name, '商标申请号', input.mark.appNo] },
        { pair: ['类别', classList(markClasses(input)), '驳回通知书发文编号', input.rejection?.dispatchNo] },
        { label: '驳回通知书发文日期', value: input.rejection?.date },
      ]),
      ...goodsBlocks('请求复审的商品/服务项目', input.goods),
      ...groundsBlocks(input, '复审请求'),
      ...signatureBlock(['申请人章戳（签字）', '代理机构章戳', '代理人签字'], input.signedOn),
    ],
  };
}
