import { FormGrid } from '@formily/antd-v5';
import { GenericTable } from './blocks/GenericTable.js';
import { FilterBar } from './blocks/FilterBar.js';
import { SortBar } from './blocks/SortBar.js';
import { SearchForm } from './blocks/SearchForm.js';
import { OperationList } from './blocks/OperationList.js';
import { WorkbenchSection } from './blocks/WorkbenchSection.js';
import { OperationDescriptions } from './blocks/OperationDescriptions.js';
import { FieldDescriptions } from './blocks/FieldDescriptions.js';
import { DialogFormButton } from './blocks/DialogFormButton.js';
import { AvatarBadge } from './blocks/AvatarBadge.js';
import { ResponsiveGrid } from './blocks/ResponsiveGrid.js';
import { CollapseSection } from './blocks/CollapseSection.js';
import { SectionTabs } from './blocks/SectionTabs.js';
import type { SchemaComponents } from './schemaFieldContext.js';

/**
 * The blocks pages after sign-in are built of (tables, filters, lists, descriptions, grids, sections),
 * none of them on the sign-in page: one chunk, loaded with the first page showing one.
 */
export const pageBlocks = {
  GenericTable,
  FilterBar,
  SortBar,
  SearchForm,
  OperationList,
  WorkbenchSection,
  OperationDescriptions,
  FieldDescriptions,
  DialogFormButton,
  FormGrid,
  ResponsiveGrid,
  CollapseSection,
  SectionTabs,
  AvatarBadge,
} satisfies SchemaComponents;
