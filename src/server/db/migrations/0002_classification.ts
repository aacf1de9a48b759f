import { sql, type Kysely } from 'kysely';

/** The goods and services classification: shared reference data, the same for every organisation. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table classification_classes (
      class_no integer primary key check (class_no between 1 and 45),
      name text not null,
      remark text not null default ''
    );
    create table classification_groups (
      group_no text primary key,
      class_no integer not null references classification_classes(class_no) on delete cascade,
      name text not null,
      remark text not null default '',
      position integer not null
    );
    create index classification_groups_class_idx on classification_groups (class_no, position);
    create table classification_items (
      id integer generated always as identity primary key,
      code text not null,
      group_no text not null references classification_groups(group_no) on delete cascade,
      class_no integer not null,
      name text not null,
      remark text not null default '',
      position integer not null,
      unique (group_no, code)
    );
    create index classification_items_group_idx on classification_items (group_no, position);
    create index classification_items_code_idx on classification_items (code);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table classification_items, classification_groups, classification_classes`.execute(db);
}
