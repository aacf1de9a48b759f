import { FormLayout, Password, Space } from '@formily/antd-v5';
import { Input, TextArea } from './fields/formFields.js';
import { Alert, Card, Col, Divider, Result, Row } from 'antd';
import type { SchemaComponents } from './schemaFieldContext.js';
import { lazyComponents } from './lazy/lazyComponents.js';
import { FormItem } from './components/FormItem.js';
import { OperationForm } from './components/OperationForm.js';
import { Reset, Submit } from './components/SectionButtons.js';
import { CenteredPanel } from './components/CenteredPanel.js';
import { RouterLink } from './components/RouterLink.js';
import { Paragraph, Text, Title } from './components/Typography.js';
import { SendCodeButton } from './components/SendCodeButton.js';
import { OperationOnLoad } from './blocks/OperationOnLoad.js';
import { QueryRedirect } from './blocks/QueryRedirect.js';
import { ExternalTool } from './blocks/ExternalTool.js';
import { CopyText } from './components/CopyText.js';
import { EmptyState } from './blocks/EmptyState.js';
import { DisplayText } from './components/DisplayText.js';

const pageBlocks = lazyComponents(() => import('./pageBlocks.js').then((m) => m.pageBlocks), {
  GenericTable: 'block',
  FilterBar: 'block',
  SortBar: 'inline',
  SearchForm: 'block',
  OperationList: 'block',
  WorkbenchSection: 'block',
  OperationDescriptions: 'block',
  FieldDescriptions: 'block',
  DialogFormButton: 'inline',
  FormGrid: 'none',
  ResponsiveGrid: 'none',
  CollapseSection: 'block',
  SectionTabs: 'block',
  AvatarBadge: 'inline',
});
const mediaComponents = lazyComponents(() => import('./mediaComponents.js').then((m) => m.mediaComponents), {
  AttachmentUpload: 'inline',
  ThumbnailUpload: 'inline',
  ImageRemarkList: 'block',
  PdfPreview: 'inline',
  RichTextEditor: 'block',
  OperationCarousel: 'block',
  OperationArticle: 'block',
  Image: 'none',
});
const pickerComponents = lazyComponents(() => import('./pickerComponents.js').then((m) => m.pickerComponents), {
  Select: 'field',
  DatePicker: 'field',
  NumberPicker: 'field',
  Switch: 'inline',
  Checkbox: 'inline',
  RadioGroup: 'inline',
  DeadlineDisplay: 'none',
  HandlingDeadlinePicker: 'field',
  TreeSelectAll: 'field',
  PersonSearch: 'field',
  OperationSelect: 'field',
});

/** The runtime's own components: fields, layout and the blocks pages are built of. Domain widgets and the designer are given by the application. */
export const runtimeComponents = {
  FormItem,
  FormLayout,
  Input,
  TextArea,
  Password,
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
  RouterLink,
  CenteredPanel,
  Row,
  Col,
  OperationForm,
  SendCodeButton,
  OperationOnLoad,
  QueryRedirect,
  ExternalTool,
  CopyText,
  EmptyState,
  DisplayText,
  ...pageBlocks,
  ...mediaComponents,
  ...pickerComponents,
} satisfies SchemaComponents;
