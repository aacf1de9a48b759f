import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { BrandMapsTable, Database } from '../db/tables.js';
import type { BrandMapNode, Trademark, TrademarkTag } from '../../generated/types.js';
import { nodeTips, walkNodes } from '../../shared/brandMapTree.js';
import { BoundedCache } from '../boundedCache.js';
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

/** A label as the archive page reads it with each mark: [label id, node id], oldest first. */
export type LabelRef = [number, string];

/** The `labels` column of an archive page: each mark's labels, read in the same statement as the mark. */
export function labelRefsColumn(eb: ExpressionBuilder<Database, 'brand_archives'>) {
  return eb
    .selectFrom('brand_labels')
    .select(sql<LabelRef[]>`coalesce(json_agg(json_build_array(brand_labels.id, brand_labels.node_id) order by brand_labels.id), '[]'::json)`.as('refs'))
    .whereRef('brand_labels.brand_archive_id', '=', 'brand_archives.id')
    .as('labels');
}

/**
 * The `maps_version` column of an archive page: the organisation's maps as the page's snapshot sees
 * them, by their count and the sum of their row versions' transaction ids, which every insert,
 * update and delete changes.
 */
export function mapsVersionColumn(eb: ExpressionBuilder<Database, 'brand_archives'>) {
  return eb
    .selectFrom('brand_maps')
    .select(sql<string>`count(*) || ':' || coalesce(sum(brand_maps.xmin::text::bigint), 0)`.as('version'))
    .as('maps_version');
}

/**
 * Each organisation's map nodes as this process last read them, with the `maps_version` they were
 * read at. An archive page whose statement reads the same version needs no read of the maps: on a
 * page that shows tagged marks that is a round trip and the parsing of every map saved.
 */
const placesRead = new WeakMap<object, BoundedCache<number, { version: string; places: Map<string, NodePlace> }>>();

/** The organisation's map nodes: as last read when `seen` says they have not changed since, else read now. */
async function nodePlaces(db: Kysely<Database>, seen: MapsSeen | undefined): Promise<Map<string, NodePlace>> {
  let kept = seen?.version ? placesRead.get(seen.database) : undefined;
  const last = kept?.peek(seen!.orgId);
  if (last && last.version === seen!.version) return last.places;
  const places = indexNodes(await loadMaps(db));
  // Read in a later snapshot than the version, never an earlier one: at worst newer than it says, and read again.
  if (seen?.version) {
    if (!kept) placesRead.set(seen.database, (kept = new BoundedCache(10_000)));
    kept.set(seen.orgId, { version: seen.version, places });
  }
  return places;
}

/** The maps' version an archive page read (`mapsVersionColumn`), for the organisation and database it belongs to. */
export interface MapsSeen {
  /** The server's database handle: transaction ids, and so versions, repeat across databases. */
  database: object;
  orgId: number;
  version: string | null | undefined;
}

/**
 * Gives each mark its tags (`minMap`) from its labels; the maps are read only when some mark has
 * one and this process has not read them at the version the page saw (`seen`). The marks are the
 * caller's fresh records and get the field in place: copying a record of 40 fields into a new
 * literal costs V8 several microseconds a row.
 */
export async function attachTags(
  db: Kysely<Database>,
  marks: Trademark[],
  labelsOf: ReadonlyMap<number, readonly LabelRef[]>,
  seen?: MapsSeen,
): Promise<Trademark[]> {
  const labels = marks.flatMap((m) => (labelsOf.get(m.id) ?? []).map(([id, nodeId]) => ({ id, brand_archive_id: m.id, node_id: nodeId })));
  if (labels.length === 0) return marks.map((m) => Object.assign(m, { minMap: [] }));
  const places = await nodePlaces(db, seen);
  const byMark = new Map<number, TrademarkTag[]>();
  for (const label of labels) {
    const place = places.get(label.node_id);
    if (!place) continue;
    let tags = byMark.get(label.brand_archive_id);
    if (!tags) byMark.set(label.brand_archive_id, (tags = []));
    tags.push({ id: label.id, nodeId: label.node_id, mapId: place.mapId, label: place.label, tips: place.tips, color: place.color });
  }
  return marks.map((m) => Object.assign(m, { minMap: byMark.get(m.id) ?? [] }));
}
