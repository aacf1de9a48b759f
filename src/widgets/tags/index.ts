import { TagDrawerButton } from './TagDrawerButton.js';
import { TrademarkTags } from './TrademarkTags.js';
import { BrandGraph } from './BrandGraph.js';
import { TagNodeSelect } from './TagNodeSelect.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** Tags, knowledge maps and the brand graph. */
export const tagWidgets = {
  TagDrawerButton,
  TrademarkTags,
  BrandGraph,
  TagNodeSelect,
} satisfies SchemaComponents;
