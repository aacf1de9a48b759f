import type { FilingFormInput } from './filingFormInput.js';
import { agentRows, classList, formTable, goodsBlocks, groundsBlocks, markClasses, partyRows, signatureBlock, type FormContent } from './filingFormLayout.js';

export const INVALIDATION_TITLE = '商标无效宣告申请书';

/** 商标无效宣告申请书: the requester (`applicant`), the registrant (`counterparty`), the disputed mark, the grounds. */
export function invalidationForm(input: FilingFormInput): FormContent {
  return {
    title: INVALIDATION_TITLE,
    blocks: [
      formTable([
        ...partyRows('申请人', input.applicant, { english: true }),
        ...agentRows(input.agent),
        ...partyRows('被申请人', input.counterparty, { english: true, contact: false }),
        { pair: ['争议商标', input.mark.name, '商标注册号', input.mark.regNo] },
        { label: '类别', value: classList(markClasses(input)) },
      ]),
      ...goodsBlocks('请求宣告无效的商品/服务项目', input.goods),
      ...groundsBlocks(input, '请求事项'),
      ...signatureBlock(['申请人章戳（签字）', '代理机构章戳', '代理人签字'], input.signedOn),
    ],
  };
}
