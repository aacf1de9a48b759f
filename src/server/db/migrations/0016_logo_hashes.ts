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
    create function tm_register_note_logo_hash() returns trigger language plpgsql as $$
    begin
      if new.logo_hash is not null then
        insert into tm_logo_hashes (hash) values (new.logo_hash) on conflict do nothing;
      end if;
      return null;
    end $$;
    create trigger tm_register_logo_hash after insert or update of logo_hash on tm_register
      for each row execute function tm_register_note_logo_hash();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger tm_register_logo_hash on tm_register;
    drop function tm_register_note_logo_hash();
    drop index tm_register_logo_hash_idx;
    drop table tm_logo_hashes;
  `.execute(db);
}
