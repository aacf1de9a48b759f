/** The Chinese names of the choices schemas/meta/case-type.schema.json offers, for the builder's selects. */

export const CATEGORY_OPTIONS = [
  { value: 'case', label: '案件' },
  { value: 'proposal', label: '提案' },
];

export const SCOPE_OPTIONS = [
  { value: 'domestic', label: '国内：向国家知识产权局申请' },
  { value: 'overseas', label: '海外：按国家申请（马德里或逐一国家）' },
];

export const ARCHIVE_EFFECT_OPTIONS = [
  { value: 'none', label: '不写回档案' },
  { value: 'register', label: '加入商标档案（来源：案件生成）' },
  { value: 'renew', label: '专用权期限顺延十年' },
  { value: 'changeHolder', label: '改为转让或移转后的注册人' },
  { value: 'changeName', label: '改为变更后的名义' },
  { value: 'changeAddress', label: '改为变更后的地址' },
  { value: 'changeAgent', label: '改为变更后的代理机构' },
];

export const TIED_MARKS_OPTIONS = [
  { value: 'none', label: '不连带' },
  { value: 'allOfHolder', label: '同一注册人的全部商标（商标法实施条例第三十条）' },
  { value: 'similarOfHolder', label: '同一注册人在同一种或类似商品上的相同或近似商标（条例第三十一条）' },
];

export const FILING_FORM_OPTIONS = [
  { value: 'registration', label: '商标注册申请书' },
  { value: 'renewal', label: '商标续展注册申请书' },
  { value: 'transfer', label: '转让/移转申请书' },
  { value: 'change', label: '变更申请书' },
  { value: 'licenseRecord', label: '商标使用许可备案表' },
  { value: 'objection', label: '商标异议申请书' },
  { value: 'rejectRecheck', label: '驳回商标注册申请复审申请书' },
  { value: 'invalidation', label: '注册商标无效宣告申请书' },
  { value: 'nonUseCancellation', label: '撤销连续三年不使用注册商标申请书' },
];

export const FEE_KIND_OPTIONS = [
  { value: 'official', label: '官费' },
  { value: 'agency', label: '代理费' },
  { value: 'sundry', label: '杂费' },
];

export const FEE_PER_OPTIONS = [
  { value: 'case', label: '每件' },
  { value: 'class', label: '每类' },
  { value: 'mark', label: '每个商标' },
  { value: 'country', label: '每个国家' },
];

export const CURRENCY_OPTIONS = [
  { value: 'CNY', label: '人民币' },
  { value: 'USD', label: '美元' },
];
