import { Checkbox, FormGrid, FormLayout, Password, Radio, Space } from '@formily/antd-v5';
import { DatePicker, Input, NumberPicker, Select, Switch, TextArea } from './fields/formFields.js';
import { Alert, Card, Col, Divider, Result, Row } from 'antd';
import type { SchemaComponents } from './schemaFieldContext.js';
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
import { CollapseSection } from './blocks/CollapseSection.js';
import { FieldDescriptions } from './blocks/FieldDescriptions.js';
import { DisplayText } from './components/DisplayText.js';

/** The runtime's own components: fields, layout and the blocks pages are built of. Domain widgets and the designer are given by the application. */
export const runtimeComponents = {
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
  TreeSelectAll,
  PersonSearch,
  PdfPreview,
  RichTextEditor,
  DeadlineDisplay,
  HandlingDeadlinePicker,
  CopyText,
  AvatarBadge,
  EmptyState,
  ResponsiveGrid,
  CollapseSection,
  FieldDescriptions,
  DisplayText,
} satisfies SchemaComponents;
