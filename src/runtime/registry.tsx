import type { ComponentType } from 'react';
import {
  Checkbox,
  FormGrid,
  FormLayout,
  Password,
  Radio,
  Space,
} from '@formily/antd-v5';
import { DatePicker, Input, NumberPicker, Select, Switch, TextArea } from './fields/formFields.js';
import { Alert, Card, Col, Divider, Result, Row } from 'antd';
import type { ComponentName } from '../generated/components.js';
import { FormItem } from './components/FormItem.js';
import { OperationForm } from './components/OperationForm.js';
import { Reset, Submit } from './components/SectionButtons.js';
import { CenteredPanel } from './components/CenteredPanel.js';
import { RouterLink } from './components/RouterLink.js';
import { Paragraph, Text, Title } from './components/Typography.js';
import { FallbackImage } from './components/FallbackImage.js';
import { SendCodeButton } from './components/SendCodeButton.js';
import { AttachmentUpload } from './components/AttachmentUpload.js';
import { ThumbnailUpload } from './components/ThumbnailUpload.js';
import { ImageRemarkList } from './components/ImageRemarkList.js';
import { OperationList } from './blocks/OperationList.js';
import { WorkbenchSection } from './blocks/WorkbenchSection.js';
import { OperationDescriptions } from './blocks/OperationDescriptions.js';
import { OperationArticle } from './blocks/OperationArticle.js';
import { OperationCarousel } from './blocks/OperationCarousel.js';
import { OperationOnLoad } from './blocks/OperationOnLoad.js';
import { QueryRedirect } from './blocks/QueryRedirect.js';
import { ExternalTool } from './blocks/ExternalTool.js';
import { GenericTable } from './blocks/GenericTable.js';
import { DialogFormButton } from './blocks/DialogFormButton.js';
import { FilterBar } from './blocks/FilterBar.js';
import { TreeSelectAll } from './components/treeSelectAll/TreeSelectAll.js';
import { PersonSearch } from './components/PersonSearch.js';
import { SortBar } from './blocks/SortBar.js';
import { SearchForm } from './blocks/SearchForm.js';
import { PdfPreview } from './components/PdfPreview.js';
import { RichTextEditor } from './components/RichTextEditor.js';
import { DeadlineDisplay } from './components/DeadlineDisplay.js';
import { HandlingDeadlinePicker } from './components/HandlingDeadlinePicker.js';
import { CopyText } from './components/CopyText.js';
import { AvatarBadge } from './blocks/AvatarBadge.js';
import { EmptyState } from './blocks/EmptyState.js';
import { ResponsiveGrid } from './blocks/ResponsiveGrid.js';
import { ClassificationBrowser } from '../widgets/ClassificationBrowser.js';
import { ClassPicker } from '../widgets/classPicker/ClassPicker.js';
import { CountryTreeSelect } from '../widgets/countries/CountryTreeSelect.js';
import { CountryName } from '../widgets/countries/CountryName.js';
import { CountryMemberTip } from '../widgets/countries/CountryMemberTip.js';
import { CountryGroupNotice } from '../widgets/countries/CountryGroupNotice.js';
import { CountryArrangementEditor } from '../widgets/countries/CountryArrangementEditor.js';
import { ReleaseLogDialog } from '../widgets/ReleaseLogDialog.js';
import { TrademarkCardList } from '../widgets/trademarks/TrademarkCardList.js';
import { ArchiveViewToggle } from '../widgets/trademarks/ArchiveViewToggle.js';
import { ArchiveStatistics } from '../widgets/trademarks/ArchiveStatistics.js';
import { RelatedMarksPreselect } from '../widgets/trademarks/RelatedMarksPreselect.js';
import { TrademarkEditButton } from '../widgets/trademarks/TrademarkEditButton.js';
import { SimilarGoodsButton } from '../widgets/trademarks/SimilarGoodsButton.js';
import { TrademarkRowActions } from '../widgets/trademarks/TrademarkRowActions.js';
import { TrademarkStatusTag } from '../widgets/trademarks/TrademarkStatusTag.js';
import { TrademarkDetail } from '../widgets/trademarks/TrademarkDetail.js';
import { ArchiveSettingsButton } from '../widgets/trademarks/ArchiveSettingsButton.js';
import { BrandImportWizard } from '../widgets/brandImport/BrandImportWizard.js';
import { ArchiveExportButton } from '../widgets/brandExport/ArchiveExportButton.js';
import { ExportRecordStatus } from '../widgets/brandExport/ExportRecordStatus.js';
import { SchemaDesigner } from '../designer/LazySchemaDesigner.js';
import { CustomFieldSettings } from './customFields/CustomFieldSettings.js';
import { CustomFieldFilter } from './customFields/CustomFieldFilter.js';
import { MergeDialogButton } from '../widgets/merge/MergeDialogButton.js';
import { OnceMergeButton } from '../widgets/merge/OnceMergeButton.js';
import { BatchTaskListButton } from '../widgets/merge/BatchTaskListButton.js';
import { TagDrawerButton } from '../widgets/tags/TagDrawerButton.js';
import { TrademarkTags } from '../widgets/tags/TrademarkTags.js';
import { BrandGraph } from '../widgets/tags/BrandGraph.js';
import { TagNodeSelect } from '../widgets/tags/TagNodeSelect.js';

// Formily passes schema-driven props; each component accepts its own, so the map is loosely typed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/** Every component a schema may name, keyed exactly as schemas/ write them. */
export const componentRegistry: Record<ComponentName, AnyComponent> = {
  FormItem,
  FormLayout,
  FormGrid,
  Input,
  TextArea,
  Password,
  Checkbox,
  RadioGroup: Radio.Group,
  Select,
  DatePicker,
  NumberPicker,
  Switch,
  Submit,
  Reset,
  Space,
  Card,
  Divider,
  Alert,
  Result,
  Title,
  Paragraph,
  Text,
  Image: FallbackImage,
  RouterLink,
  CenteredPanel,
  Row,
  Col,
  OperationForm,
  SendCodeButton,
  AttachmentUpload,
  ThumbnailUpload,
  ImageRemarkList,
  OperationList,
  WorkbenchSection,
  OperationDescriptions,
  OperationArticle,
  OperationCarousel,
  OperationOnLoad,
  QueryRedirect,
  ExternalTool,
  GenericTable,
  DialogFormButton,
  FilterBar,
  SortBar,
  SearchForm,
  ClassificationBrowser,
  ReleaseLogDialog,
  TrademarkCardList,
  ArchiveViewToggle,
  ArchiveStatistics,
  RelatedMarksPreselect,
  TrademarkEditButton,
  SimilarGoodsButton,
  TrademarkRowActions,
  TrademarkStatusTag,
  TrademarkDetail,
  ArchiveSettingsButton,
  BrandImportWizard,
  ArchiveExportButton,
  ExportRecordStatus,
  TreeSelectAll,
  PersonSearch,
  ClassPicker,
  CountryTreeSelect,
  CountryName,
  CountryMemberTip,
  CountryGroupNotice,
  CountryArrangementEditor,
  SchemaDesigner,
  PdfPreview,
  RichTextEditor,
  DeadlineDisplay,
  HandlingDeadlinePicker,
  CopyText,
  AvatarBadge,
  EmptyState,
  ResponsiveGrid,
  CustomFieldSettings,
  CustomFieldFilter,
  MergeDialogButton,
  OnceMergeButton,
  BatchTaskListButton,
  TagDrawerButton,
  TrademarkTags,
  BrandGraph,
  TagNodeSelect,
};
