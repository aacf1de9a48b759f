/** The CNIPA forms the platform fills (the case-type meta-schema's `filingForm`). */
export const FILING_FORM_KINDS = [
  'registration',
  'renewal',
  'transfer',
  'change',
  'licenseRecord',
  'objection',
  'rejectRecheck',
  'invalidation',
  'nonUseCancellation',
] as const;

export type FilingFormKind = (typeof FILING_FORM_KINDS)[number];

/** A person or organisation named on a form: the applicant, the other side, a co-owner. */
export interface FilingParty {
  name: string;
  nameEn?: string;
  address?: string;
  addressEn?: string;
  /** 统一社会信用代码, or the identity document number of a natural person. */
  creditCode?: string;
  /** 国籍/地区, for a foreign applicant. */
  nationality?: string;
  postcode?: string;
  contact?: string;
  phone?: string;
}

export interface FilingAgent {
  /** 代理机构名称 */
  name: string;
  /** 代理人 */
  attorney?: string;
  phone?: string;
}

/** 外国申请人的国内接收人 */
export interface DomesticReceiver {
  name: string;
  address: string;
  postcode?: string;
}

/** One goods or services item, as the classification codes it. */
export interface FilingGoodsItem {
  classNo: number;
  /** 类似群, e.g. 0901 */
  groupCode: string;
  /** The item's code in the classification; absent for an item not in it. */
  code?: string;
  name: string;
}

/** 商标申请声明 on the registration form. */
export type MarkDeclaration = 'collective' | 'certification' | 'threeDimensional' | 'colourCombination' | 'sound' | 'jointApplication';

export interface FilingMarkImage {
  data: Uint8Array;
  type: 'png' | 'jpg';
  /** Pixel size of the image; it is scaled to fit the form's box. */
  width: number;
  height: number;
}

export interface FilingMark {
  name: string;
  appNo?: string;
  regNo?: string;
  /** The classes concerned where the form lists no goods (renewal, transfer, change). */
  classes?: number[];
  /** 商标说明 */
  description?: string;
  declarations?: MarkDeclaration[];
  /** 是否共有商标 */
  shared?: boolean;
  image?: FilingMarkImage;
}

export interface FilingPriority {
  basis: 'firstFiling' | 'exhibition';
  /** 申请/展会国家/地区 */
  country: string;
  /** YYYY-MM-DD */
  date: string;
  /** 申请号 (first filing) */
  number?: string;
  /** 优先权证明文件后补 */
  documentsLater?: boolean;
}

/** What the change form changes; `applicant` carries the name and address after it. */
export interface FilingChange {
  matters: ('name' | 'address' | 'rules' | 'members')[];
  nameBefore?: string;
  nameBeforeEn?: string;
  addressBefore?: string;
  addressBeforeEn?: string;
}

/**
 * What a form is filled from. `applicant` is the party who signs first: the applicant, the assignor
 * (转让人), the licensor (许可人), the opponent (异议人) or the requester. `counterparty` is the other
 * side where the form has one: the assignee (受让人), the licensee (被许可人), the opposed applicant
 * (被异议人), the registrant of the mark attacked (被申请人 / 商标注册人).
 */
export interface FilingFormInput {
  applicant: FilingParty;
  coApplicants?: FilingParty[];
  agent?: FilingAgent;
  domesticReceiver?: DomesticReceiver;
  mark: FilingMark;
  /** Goods in any order; forms list them by class, then group, keeping this order within a group. */
  goods?: FilingGoodsItem[];
  priority?: FilingPriority;
  counterparty?: FilingParty;
  /** Transfer form: 转让 by contract or 移转 by succession, merger and the like. */
  transferKind?: 'transfer' | 'succession';
  change?: FilingChange;
  /** Licence term, YYYY-MM-DD. */
  licence?: { from: string; to: string };
  /** 初步审定公告 of the opposed mark. */
  publication?: { issue: string; date?: string };
  /** 驳回通知书 being appealed. */
  rejection?: { dispatchNo?: string; date?: string };
  /** 请求事项 / 异议请求 / 复审请求 */
  request?: string;
  /** 法律依据, e.g. 商标法第三十条 */
  legalBasis?: string;
  /** 事实与理由; line breaks start new paragraphs. */
  facts?: string;
  /** 证据目录, one entry per piece. */
  evidence?: string[];
  /** Non-use cancellation: all goods of the registration (true) or those listed in `goods`. */
  cancelAllGoods?: boolean;
  /** The date printed by the signatures, YYYY-MM-DD; blank when absent. */
  signedOn?: string;
}
