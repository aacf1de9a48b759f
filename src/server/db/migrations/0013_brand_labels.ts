import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * Tags and knowledge maps. A map is one tree of nodes kept whole as JSON (a person edits it as a
 * tree and reads it as a tree); a label ties one archive mark to one node of one map. Node ids are
 * unique within an organisation, so a label names its node without a path.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table brand_maps (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      name text not null,
      map jsonb not null,
      color text not null default '',
      sort integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index brand_maps_org_idx on brand_maps (org_id, sort, id);

    create table brand_labels (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      brand_archive_id integer not null references brand_archives(id) on delete cascade,
      map_id integer not null references brand_maps(id) on delete cascade,
      node_id text not null,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      unique (brand_archive_id, node_id)
    );
    -- "marks carrying any of these nodes" (filters, counts, removals by node)
    create index brand_labels_node_idx on brand_labels (org_id, node_id, brand_archive_id);
    -- "tags of these marks" is served by the unique index, which leads with brand_archive_id
    create index brand_labels_map_idx on brand_labels (map_id);
  `.execute(db);
  await enableTenantIsolation(db, 'brand_maps');
  await enableTenantIsolation(db, 'brand_labels');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table brand_labels, brand_maps`.execute(db);
}
