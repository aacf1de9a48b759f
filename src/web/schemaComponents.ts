import type { ComponentName } from '../generated/components.js';
import type { SchemaComponent } from '../runtime/schemaFieldContext.js';
import type { UseExtraColumns } from '../runtime/blocks/table/extraColumns.js';
import { runtimeComponents } from '../runtime/runtimeComponents.js';
import { lazyComponents } from '../runtime/lazy/lazyComponents.js';
import { useCustomFieldTableColumns } from '../widgets/customFields/customFieldTableColumns.js';

/*
 * Each widget domain is one chunk, loaded the first time a page shows one of its components: the
 * sign-in page carries none of them. Each component is named with what stands in its place meanwhile.
 */
const customFieldWidgets = lazyComponents(() => import('../widgets/customFields/index.js').then((m) => m.customFieldComponents), {
  CustomFieldSettings: 'inline',
  CustomFieldFilter: 'inline',
});
const classificationWidgets = lazyComponents(() => import('../widgets/classification/index.js').then((m) => m.classificationWidgets), {
  ClassificationBrowser: 'block',
  ClassPicker: 'field',
});
const countryWidgets = lazyComponents(() => import('../widgets/countries/index.js').then((m) => m.countryWidgets), {
  CountryTreeSelect: 'field',
  CountryName: 'none',
  CountrySelect: 'field',
  CountryMemberTip: 'none',
  CountryGroupNotice: 'none',
  CountryArrangementEditor: 'block',
});
const homeWidgets = lazyComponents(() => import('../widgets/home/index.js').then((m) => m.homeWidgets), {
  ReleaseLogDialog: 'none',
});
const trademarkWidgets = lazyComponents(() => import('../widgets/trademarks/index.js').then((m) => m.trademarkWidgets), {
  TrademarkCardList: 'block',
  ArchiveViewToggle: 'inline',
  ArchiveStatistics: 'block',
  RelatedMarksPreselect: 'none',
  TrademarkEditButton: 'inline',
  TrademarkLogoUpload: 'inline',
  SimilarGoodsButton: 'inline',
  TrademarkRowActions: 'none',
  TrademarkDetail: 'block',
  ArchiveSettingsButton: 'inline',
  TrademarkStatusTag: 'none',
});
const brandImportWidgets = lazyComponents(() => import('../widgets/brandImport/index.js').then((m) => m.brandImportWidgets), {
  BrandImportWizard: 'block',
});
const recognitionWidgets = lazyComponents(() => import('../widgets/officials/recognitionWidgets.js').then((m) => m.recognitionWidgets), {
  RecognitionUploader: 'block',
});
const brandExportWidgets = lazyComponents(() => import('../widgets/brandExport/index.js').then((m) => m.brandExportWidgets), {
  ArchiveExportButton: 'inline',
  ExportRecordStatus: 'none',
});
const mergeWidgets = lazyComponents(() => import('../widgets/merge/index.js').then((m) => m.mergeWidgets), {
  MergeDialogButton: 'inline',
  OnceMergeButton: 'inline',
  BatchTaskListButton: 'inline',
});
const tagWidgets = lazyComponents(() => import('../widgets/tags/index.js').then((m) => m.tagWidgets), {
  TagDrawerButton: 'inline',
  TrademarkTags: 'none',
  BrandGraph: 'block',
  TagNodeSelect: 'field',
});
const accountWidgets = lazyComponents(() => import('../widgets/accounts/index.js').then((m) => m.accountWidgets), {
  PermissionTree: 'block',
});
const enterpriseWidgets = lazyComponents(() => import('../widgets/enterprises/index.js').then((m) => m.enterpriseWidgets), {
  EnterpriseGroupTree: 'block',
  EnterpriseMoveButton: 'inline',
  UKeyCodeStatus: 'block',
  ApplicantAddressInput: 'field',
  EnterprisePictureUpload: 'inline',
  ApplicantEnglishInput: 'field',
  FormerNamesInput: 'field',
});
const caseWidgets = lazyComponents(() => import('../widgets/cases/index.js').then((m) => m.caseWidgets), {
  MarkPicker: 'field',
  ApplicantPicker: 'field',
  GoodsByClassEditor: 'field',
  CoOwnerList: 'field',
  CaseApplication: 'block',
  CaseStatusTag: 'none',
  CaseOpenButton: 'none',
  CaseTypeCounts: 'block',
  NewCaseButton: 'inline',
  MarkCaseList: 'block',
});
const officialWidgets = lazyComponents(() => import('../widgets/officials/index.js').then((m) => m.officialWidgets), {
  OfficialLetterButton: 'inline',
  OfficialTypeSelect: 'field',
  OfficialDeadlinePreview: 'field',
  OfficialMarksField: 'field',
  LetterDeadlineCell: 'none',
});
const mobileProposalWidgets = lazyComponents(() => import('../widgets/proposals/mobile/index.js').then((m) => m.mobileProposalWidgets), {
  MobileDemand: 'block',
  MobileDecision: 'block',
});
const publicProposalWidgets = lazyComponents(() => import('../widgets/proposals/publicProposal/index.js').then((m) => m.publicProposalWidgets), {
  PublicProposal: 'block',
});
const proposalWidgets = lazyComponents(() => import('../widgets/proposals/index.js').then((m) => m.proposalWidgets), {
  ProposalViewTabs: 'block',
  NewProposalButton: 'inline',
  ProposalStateTag: 'none',
  ProposalOpenLink: 'none',
  ProposalCurrentStep: 'none',
  ProposalDetail: 'block',
  ProposalFlowChart: 'block',
  ProposalMarksField: 'field',
  MarkProposalList: 'block',
  LetterProposalButton: 'none',
  ProposalLinkAddress: 'none',
  ProposalApprovalQueue: 'block',
});
const financeWidgets = lazyComponents(() => import('../widgets/finance/index.js').then((m) => m.financeWidgets), {
  FinanceRecordView: 'block',
  FinanceTotals: 'block',
});
const reportWidgets = lazyComponents(() => import('../widgets/reports/index.js').then((m) => m.reportWidgets), {
  ReportBoard: 'block',
});
const gazetteWidgets = lazyComponents(() => import('../widgets/gazette/index.js').then((m) => m.gazetteWidgets), {
  GazetteMarkCell: 'none',
  GazetteDeadlineCell: 'none',
  GazetteReasonsCell: 'none',
  GazetteProposalAction: 'none',
  GazetteRunPanel: 'block',
});
const licenceWidgets = lazyComponents(() => import('../widgets/licences/index.js').then((m) => m.licenceWidgets), {
  LicensedMarksField: 'field',
  LicenceDetail: 'block',
});
const evidenceWidgets = lazyComponents(() => import('../widgets/evidence/index.js').then((m) => m.evidenceWidgets), {
  EvidenceCoverage: 'block',
  EvidenceEditor: 'block',
});
const disputeWidgets = lazyComponents(() => import('../widgets/disputes/index.js').then((m) => m.disputeWidgets), {
  DisputeProcedureCounts: 'block',
  DisputeDetail: 'block',
});
const messageWidgets = lazyComponents(() => import('../widgets/messages/index.js').then((m) => m.messageWidgets), {
  ForwardButton: 'inline',
});
const designer = lazyComponents(() => import('../designer/SchemaDesigner.js').then((m) => ({ SchemaDesigner: m.SchemaDesigner })), {
  SchemaDesigner: 'block',
});
const caseTypeBuilder = lazyComponents(() => import('../designer/caseType/CaseTypeBuilder.js').then((m) => ({ CaseTypeBuilder: m.CaseTypeBuilder })), {
  CaseTypeBuilder: 'block',
});

/**
 * The composition root of what schemas may name: the runtime's blocks, each domain's widgets and the
 * designer. Typed against the described components, so one described but not given fails the build.
 */
export const schemaComponents: Record<ComponentName, SchemaComponent> = {
  ...runtimeComponents,
  ...customFieldWidgets,
  ...classificationWidgets,
  ...countryWidgets,
  ...homeWidgets,
  ...trademarkWidgets,
  ...brandImportWidgets,
  ...recognitionWidgets,
  ...brandExportWidgets,
  ...mergeWidgets,
  ...tagWidgets,
  ...accountWidgets,
  ...enterpriseWidgets,
  ...caseWidgets,
  ...officialWidgets,
  ...mobileProposalWidgets,
  ...publicProposalWidgets,
  ...proposalWidgets,
  ...financeWidgets,
  ...reportWidgets,
  ...gazetteWidgets,
  ...licenceWidgets,
  ...evidenceWidgets,
  ...disputeWidgets,
  ...messageWidgets,
  ...designer,
  ...caseTypeBuilder,
};

/** The columns a table's `customFields` adds: the organisation's custom fields. */
export const tableExtraColumns: UseExtraColumns = useCustomFieldTableColumns;
