import type { FilingFormInput } from './filingFormInput.js';
import {
  agentRows,
  classList,
  formTable,
  gap,
  goodsBlocks,
  markClasses,
  numbered,
  partyRows,
  signatureBlock,
  textSection,
  tickBoxes,
  type FormContent,
} from './filingFormLayout.js';

export const NON_USE_CANCELLATION_TITLE = '撤销连续三年不使用注册商标申请书';

/** 撤销连续三年不使用注册商标申请书: the requester, the registrant (`counterparty`), the mark, the goods attacked, the reasons. */
export function nonUseCancellationForm(input: FilingFormInput): FormContent {
  const partial = input.cancelAllGoods !== true && (input.goods?.length ?? 0) > 0;
  return {
    title: NON_USE_CANCELLATION_TITLE,
    blocks: [
      formTable([
        ...partyRows('申请人', input.applicant, { english: true }),
        ...agentRows(input.agent),
        ...partyRows('商标注册人', input.counterparty, { english: true, contact: false }),
        { pair: ['商标注册号', input.mark.regNo, '类别', classList(markClasses(input))] },
        { label: '商标名称', value: input.mark.name },
        {
          label: '撤销的商品/服务项目',
          value: tickBoxes([
            ['全部商品/服务项目', !partial],
            ['部分商品/服务项目（见下表）', partial],
          ]),
        },
      ]),
      ...(partial ? goodsBlocks('申请撤销的商品/服务项目', input.goods) : []),
      gap(),
      textSection('撤销理由', input.facts),
      gap(),
      textSection('证据目录（连续三年不使用的初步证据）', numbered(input.evidence)),
      ...signatureBlock(['申请人章戳（签字）', '代理机构章戳', '代理人签字'], input.signedOn),
    ],
  };
}
