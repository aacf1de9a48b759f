import { sql, type Kysely } from 'kysely';

/**
 * Logo retrieval compares a picture's hash with every distinct logo hash, not with every mark:
 * marks share logos (a brand keeps its logo across classes and countries), so the distinct
 * hashes are far fewer and sit in a narrow table, and the newest marks of each near one are then
 * read in order from an index on the register's hash and filing date. A trigger keeps the set complete as marks arrive;
 * a hash whose marks are gone stays, matching nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tm_logo_hashes (hash bigint primary key);
    create index tm_register_logo_hash_idx on tm_register (logo_hash, app_date desc nulls last, id desc) where logo_hash is not null;
    insert into tm_logo_hashes (hash) select distinct logo_hash from tm_register where logo_hash is not null;
    create function tm_register_note_logo_hashes() returns trigger language plpgsql as $$
    begin
      insert into tm_logo_hashes (hash) select distinct logo_hash from changed where logo_hash is not null on conflict do nothing;
      return null;
    end $$;
    -- Once per statement over all its rows: a bulk insert of a thousand marks adds its hashes in one go.
    create trigger tm_register_logo_hashes_insert after insert on tm_register
      referencing new table as changed for each statement execute function tm_register_note_logo_hashes();
    create trigger tm_register_logo_hashes_update after update on tm_register
      referencing new table as changed for each statement execute function tm_register_note_logo_hashes();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger tm_register_logo_hashes_insert on tm_register;
    drop trigger tm_register_logo_hashes_update on tm_register;
    drop function tm_register_note_logo_hashes();
    drop index tm_register_logo_hash_idx;
    drop table tm_logo_hashes;
  `.execute(db);
}
