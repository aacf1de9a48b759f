import { describe, expect, it } from 'vitest';
import { filesOfKind, loadSchemaFiles } from '../../src/schemaSource/schemaFiles.js';

/** Blocks that act on the whole page, so the example page cannot show them without leaving itself. */
const PAGE_LEVEL: Record<string, string> = {
  OperationOnLoad: '打开页面即调用接口（单点登录页 /sso/auth）',
  QueryRedirect: '打开即跳转（/middleware）',
  ReleaseLogDialog: '弹出更新日志（首页）',
  SchemaDesigner: '整页的设计器（/system/designer）',
  ReportBoard: '整页的报表（/biAnalyse），读多个领域的汇总',
  CaseApplication: '整页的案件申请与案件页（/case/*、/brands/*），保存即建立案件',
  CaseTypeBuilder: '整页的案件类型搭建（/system/caseCreate），发布即改变全组织的案件类型',
  CountryArrangementEditor: '整页编辑本组织的国家分组（/system/countryGroups），保存即改变全组织的国家选择',
  ClassificationBrowser: '整页的分类浏览（/try45）',
  BrandGraph: '整页的品牌图谱（/mindMap）',
  BrandImportWizard: '整页的商标批量导入，确认后写入商标档案（/brand/batchUpload）',
  RecognitionUploader: '上传官文并识别、核对后登记（/brand/batchUpload、/copyRight/analysis），保存即写入官文',
  OfficialLetterButton: '官文列表的新增与查看（/brand/filesAll、/copyRight/officeFile），保存即登记官文',
  OfficialTypeSelect: '官文表单的字段（schemas/forms/official-document.json），只在官文抽屉中',
  OfficialDeadlinePreview: '官文表单的字段（schemas/forms/official-document.json），只在官文抽屉中',
  LetterDeadlineCell: '官文列表的期限列（/brand/filesAll、/copyRight/officeFile）',
  OfficialMarksField: '官文表单的字段（schemas/forms/official-document.json），只在官文抽屉中',
  ProposalDetail: '整页的提案详情与新建提案（/brandManage/case-detail），保存即建立提案',
  LetterProposalButton: '官文列表行上的加入提案（/brand/filesAll），确定即新建提案或把官文加入提案',
  MobileDemand: '整屏的手机审批提案页（/mobile/demand），按地址中的提案打开',
  MobileDecision: '整屏的手机同意或驳回（/mobile/adopt、/mobile/reject），确认即审批提案',
  PublicProposal: '不登录的外部提案整页（/case-proposal），按地址中的链接令牌打开',
  FinanceRecordView: '整页的款项详情（/brand/finance-detail），按地址中的款项打开，按钮即发布、收款与开票',
  FinanceTotals: '财务管理列表上方的汇总（/brand/financeAll），读本组织已发布的款项',
  ProposalViewTabs: '提案列表的视图与条数（/brand/caseList 的提案页签）',
  NewProposalButton: '提案列表的新建提案（/brand/caseList 的提案页签），选择类型后打开提案页',
  ProposalStateTag: '提案列表的状态列（/brand/caseList 的提案页签）',
  ProposalOpenLink: '提案列表的编号列（/brand/caseList 的提案页签）',
  ProposalCurrentStep: '提案列表的当前步骤列（/brand/caseList 的提案页签）',
  ProposalFlowChart: '提案页的流程图（/brandManage/case-detail）',
  ProposalMarksField: '提案表单的字段，只在提案页中',
  LicensedMarksField: '许可表单的字段（/brand/addLicense），只在许可表单中',
  MarkProposalList: '商标详情页的提案卡片（/brandManage/brandRecord/recordDetail）',
  ProposalLinkAddress: '外部提案链接的地址列（/brand/caseList 的提案页签）',
  ProposalApprovalQueue: '工作台的待我审批（/deal）',
  LicenceDetail: '整页的许可详情（/brand/detailLicense），按地址中的许可打开，可删除许可',
  EvidenceCoverage: '整页的一件商标的使用证据覆盖（/brand/useEvidenceDetail），按地址中的商标打开',
  EvidenceEditor: '整页的使用证据表单（/brand/aptitudeProveEdit），保存即写入证据',
  DisputeProcedureCounts: '争议商标列表的各程序件数（/brand/disputeList）',
  DisputeDetail: '争议商标列表行的详情抽屉（/brand/disputeList），按行的争议编号读取',
  GazetteRunPanel: '公告监测页顶部的说明与立即比对（/brand/riskGg），比对即写入本组织的命中',
  GazetteMarkCell: '公告监测列表的商标列（/brand/riskGg）',
  GazetteDeadlineCell: '公告监测列表的异议期限列（/brand/riskGg）',
  GazetteReasonsCell: '公告监测列表的近似理由列（/brand/riskGg）',
  GazetteProposalAction: '公告监测列表行上的发起异议（/brand/riskGg），点击即新建异议提案',
  ForwardButton: '商标详情、案件页、官文列表行与提案页的转发（/brand/detail、/case/*、/brand/filesAll、/brandManage/case-detail），发送即给同事写消息',
};

function componentsIn(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => componentsIn(n, found));
  else if (node && typeof node === 'object') {
    for (const key of ['x-component', 'x-decorator']) {
      const name = (node as Record<string, unknown>)[key];
      if (typeof name === 'string') found.add(name.split('.')[0]);
    }
    Object.values(node).forEach((v) => componentsIn(v, found));
  }
  return found;
}

describe('the building-block example page', () => {
  it('uses every registered block except those that act on the whole page', () => {
    const files = loadSchemaFiles();
    const page = filesOfKind(files, 'pages').find((f) => f.body.path === '/system/blockExample')!;
    const used = componentsIn(page.body);
    const missing = filesOfKind(files, 'components')
      .map((f) => f.body.name as string)
      .filter((name) => !used.has(name) && !(name in PAGE_LEVEL));
    expect(missing).toEqual([]);
  });
});
