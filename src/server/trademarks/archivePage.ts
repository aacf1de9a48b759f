import type { CompiledQuery } from 'kysely';
import type { ScopedDb } from '../db/tenantScope.js';
import { pageWindow } from '../db/paging.js';
import { sortKeys } from '../db/sortKeys.js';
import { StatementTemplate } from '../db/statementTemplate.js';
import { BoundedCache } from '../boundedCache.js';
import type { BrandArchiveQuery } from '../../generated/types.js';
import type { ArchiveViewer } from './archiveViewer.js';
import {
  ARCHIVE_COUNT_CAP,
  ARCHIVE_SORTABLE,
  applyArchiveConditions,
  applyStructuredConditions,
  archiveConditions,
  archiveCount,
  archivePageQuery,
  conditionShape,
  conditionValues,
  expiryWindowFor,
  hasStructuredConditions,
  pageCount,
  soleTextLookup,
  textCheck,
  withConditionValues,
  type ArchiveCondition,
} from './archiveFilter.js';
import { isDefaultSort, lastReadDefaultSort, readArchiveSettings, type ArchiveSort } from './archiveSettings.js';
import { cappedTextCount, estimateText, readsInSortOrder, TEXT_PLAN_LIMITS, textEstimateQuery, type TextPlanLimits } from './textDensity.js';

type PageRow = ReturnType<typeof archivePageQuery> extends { compile(): CompiledQuery<infer R> } ? R : never;
type Sort = Pick<BrandArchiveQuery, 'sortField' | 'sortType'>;

export interface ArchivePage {
  /** The page's rows, each with the capped count of all matches (`matching_total`), compiled. */
  page: CompiledQuery<PageRow>;
  /** The count alone, for a page past the end, which has no row to carry it. */
  countAll(): Promise<number>;
  offset: number;
  /** Whether the organisation's default sort was read first (the query chose none, and this process had not read it yet). */
  readsSettings: boolean;
  /** The default sort the page was read in without reading it first (as this process last read it), which the page's rows confirm; null otherwise. */
  assumedSort: ArchiveSort | null;
  /** The planner's estimate for the query's only text, asked first to choose how the page is read; null when not asked. */
  estimate: CompiledQuery | null;
}

/**
 * Page statements compiled per organisation and shape of query (its conditions without their values,
 * and its sort). Building and compiling the page through Kysely, the tenant plugin's pass included, was
 * about a tenth of a millisecond of each call; a person paging or typing in one filter asks for the
 * same shape again and again. The organisation is part of the key because the tenant plugin binds it
 * as a constant of the statement. A template keeps its compiled query, about 23 KB: 500 of them stay
 * under 12 MB.
 */
const pageTemplates = new BoundedCache<string, StatementTemplate<ScopedDb, PageRow>>(500);

function compiledPage(
  db: ScopedDb,
  orgId: number,
  sort: Sort,
  conditions: ArchiveCondition[],
  limit: number,
  offset: number,
  checksDefaultSort: boolean,
): CompiledQuery<PageRow> {
  const values = [...conditions.flatMap(conditionValues), limit, offset];
  const sortKey = sortKeys(sort.sortField, sort.sortType, ARCHIVE_SORTABLE).join(';');
  const key = `${orgId}|${sortKey}${checksDefaultSort ? '|checked' : ''}|${conditions.map(conditionShape).join(';')}`;
  const template = pageTemplates.get(
    key,
    () =>
      new StatementTemplate(
        (scoped: ScopedDb, ...standIns: string[]) => {
          let next = 0;
          const take = () => standIns[next++];
          const matching = applyArchiveConditions(
            scoped.selectFrom('brand_archives'),
            conditions.map((c) => withConditionValues(c, take)),
          );
          return archivePageQuery(scoped, matching, sort, pageCount(conditions), take(), take(), checksDefaultSort ? orgId : undefined);
        },
        // Not prepared: a connection would keep every shape it ever saw, and a generic plan could read a date range badly.
        { values: values.length, prepare: false },
      ),
  );
  return template.with(db, ...values);
}

/**
 * The statements of one archive page (`queryBrandPage`). Without a chosen sort the organisation's
 * default applies: as this process last read it, the page statement reading the setting as well
 * (see `readArchivePage`), or read first when this process has not read it yet or `readSortFirst`.
 * Class, tag and custom-field conditions are built for each call.
 * A query whose only condition is a text asks the planner first how common the text is: a common
 * one (申请人 "有限公司", a single frequent character) is read in sort order, each mark's text
 * checked, instead of reading and sorting every match (textDensity.ts).
 */
export async function archivePage(
  db: ScopedDb,
  orgId: number,
  viewer: ArchiveViewer,
  request: BrandArchiveQuery,
  limits: TextPlanLimits = TEXT_PLAN_LIMITS,
  readSortFirst = false,
): Promise<ArchivePage> {
  const { limit, offset } = pageWindow(request, 20);
  const assumedSort = request.sortField || readSortFirst ? null : (lastReadDefaultSort(orgId) ?? null);
  const readsSettings = !request.sortField && !assumedSort;
  const sort: Sort = assumedSort ?? (readsSettings ? await readArchiveSettings(db, orgId) : request);
  const checkedFor = assumedSort ? orgId : undefined;
  const query = { ...request, sortField: sort.sortField, sortType: sort.sortType };
  const conditions = archiveConditions(query, viewer, await expiryWindowFor(db, query));
  const filtered = () => applyStructuredConditions(db, applyArchiveConditions(db.selectFrom('brand_archives'), conditions), query);
  const countAll = async () => (await archiveCount(db, await filtered()).executeTakeFirstOrThrow()).n;
  const text = hasStructuredConditions(query) ? null : soleTextLookup(conditions);
  const estimate = text && textEstimateQuery(db, text.fn, String(text.needle));
  const statements = { offset, readsSettings, assumedSort, estimate };
  if (text && estimate && readsInSortOrder(await estimateText(db, estimate), offset + limit, limits)) {
    const matching = db.selectFrom('brand_archives').where(textCheck(text));
    const countText = async () => (await db.selectNoFrom(cappedTextCount(text.fn, text.needle, ARCHIVE_COUNT_CAP + 1).as('n')).executeTakeFirstOrThrow()).n;
    return { ...statements, page: archivePageQuery(db, matching, sort, { text }, limit, offset, checkedFor).compile(), countAll: countText };
  }
  if (!hasStructuredConditions(query)) return { ...statements, page: compiledPage(db, orgId, sort, conditions, limit, offset, assumedSort !== null), countAll };
  const matching = await filtered();
  return { ...statements, page: archivePageQuery(db, matching, sort, pageCount(conditions), limit, offset, checkedFor).compile(), countAll };
}

/**
 * An archive page's rows and what its count needs. A page read in the default sort as this process
 * last read it is read again, the setting read first, when its rows say another process has changed
 * it since; a page without rows looks the same in any order.
 */
export async function readArchivePage(db: ScopedDb, orgId: number, viewer: ArchiveViewer, request: BrandArchiveQuery) {
  const statements = await archivePage(db, orgId, viewer, request);
  const { rows } = await db.executeQuery(statements.page);
  const { assumedSort } = statements;
  if (assumedSort && rows.length > 0 && !isDefaultSort(rows[0]!.default_sort, assumedSort)) {
    const again = await archivePage(db, orgId, viewer, request, TEXT_PLAN_LIMITS, true);
    return { rows: (await db.executeQuery(again.page)).rows, countAll: again.countAll, offset: again.offset };
  }
  return { rows, countAll: statements.countAll, offset: statements.offset };
}
