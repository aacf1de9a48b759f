import { TrademarkCardList } from './TrademarkCardList.js';
import { ArchiveViewToggle } from './ArchiveViewToggle.js';
import { ArchiveStatistics } from './ArchiveStatistics.js';
import { RelatedMarksPreselect } from './RelatedMarksPreselect.js';
import { TrademarkEditButton } from './TrademarkEditButton.js';
import { TrademarkLogoUpload } from './TrademarkLogoUpload.js';
import { SimilarGoodsButton } from './SimilarGoodsButton.js';
import { TrademarkRowActions } from './TrademarkRowActions.js';
import { TrademarkDetail } from './TrademarkDetail.js';
import { ArchiveSettingsButton } from './ArchiveSettingsButton.js';
import { TrademarkStatusTag } from './TrademarkStatusTag.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

export { TrademarkStatusTag };

/** The trademark archive's components a schema may name. */
export const trademarkWidgets = {
  TrademarkCardList,
  ArchiveViewToggle,
  ArchiveStatistics,
  RelatedMarksPreselect,
  TrademarkEditButton,
  TrademarkLogoUpload,
  SimilarGoodsButton,
  TrademarkRowActions,
  TrademarkDetail,
  ArchiveSettingsButton,
  TrademarkStatusTag,
} satisfies SchemaComponents;
