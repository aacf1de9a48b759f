import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { BrandMapsTable, Database } from '../db/tables.js';
import type { BrandMapNode, Trademark, TrademarkTag } from '../../generated/types.js';
import { nodeTips, walkNodes } from '../../shared/brandMapTree.js';
import type { BrandArchiveQuery } from '../../generated/types.js';

/** Where a node sits: its map, its name, its path, and whether it is the map's root. */
export interface NodePlace {
  mapId: number;
  mapName: string;
  color: string;
  label: string;
  tips: string;
  isRoot: boolean;
}

export type MapRow = Pick<Selectable<BrandMapsTable>, 'id' | 'name' | 'color' | 'map'>;

/** Every node of the organisation's maps by id. */
export function indexNodes(maps: readonly MapRow[]): Map<string, NodePlace> {
  const places = new Map<string, NodePlace>();
  for (const m of maps) {
    for (const { node, parent, path } of walkNodes(m.map as BrandMapNode)) {
      places.set(node.value, { mapId: m.id, mapName: m.name, color: m.color, label: node.label, tips: nodeTips(m.name, path), isRoot: parent === null });
    }
  }
  return places;
}

export async function loadMaps(db: Kysely<Database>): Promise<MapRow[]> {
  return db.selectFrom('brand_maps').select(['id', 'name', 'color', 'map']).orderBy('sort').orderBy('id').execute();
}

/**
 * The archive query's `labelNodeIds`: marks carrying any of those nodes. An EXISTS on the label
 * index, so the archive's own ordering and paging stay as they are.
 */
export function labelCondition(eb: ExpressionBuilder<Database, 'brand_archives'>, query: BrandArchiveQuery) {
  const ids = (query.labelNodeIds ?? []).filter((id) => id.length > 0);
  if (ids.length === 0) return null;
  return eb.exists(
    eb
      .selectFrom('brand_labels')
      .select(sql<number>`1`.as('one'))
      .whereRef('brand_labels.brand_archive_id', '=', 'brand_archives.id')
      .where('brand_labels.node_id', 'in', ids),
  );
}

/** Each mark with its tags (`minMap`): one query for the page's labels, one for the maps they name. */
export async function attachTags(db: Kysely<Database>, marks: Trademark[]): Promise<Trademark[]> {
  if (marks.length === 0) return marks;
  const labels = await db
    .selectFrom('brand_labels')
    .select(['id', 'brand_archive_id', 'node_id'])
    .where(
      'brand_archive_id',
      'in',
      marks.map((m) => m.id),
    )
    .orderBy('id')
    .execute();
  if (labels.length === 0) return marks.map((m) => ({ ...m, minMap: [] }));
  const places = indexNodes(await loadMaps(db));
  const byMark = new Map<number, TrademarkTag[]>();
  for (const label of labels) {
    const place = places.get(label.node_id);
    if (!place) continue;
    let tags = byMark.get(label.brand_archive_id);
    if (!tags) byMark.set(label.brand_archive_id, (tags = []));
    tags.push({ id: label.id, nodeId: label.node_id, mapId: place.mapId, label: place.label, tips: place.tips, color: place.color });
  }
  return marks.map((m) => ({ ...m, minMap: byMark.get(m.id) ?? [] }));
}
