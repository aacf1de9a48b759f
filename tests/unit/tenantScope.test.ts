import { describe, expect, it } from 'vitest';
import { TenantScopePlugin } from '../../src/server/db/tenantScope.js';
import { compileOnlyDb } from './compileOnlyDb.js';

const db = compileOnlyDb().withPlugin(new TenantScopePlugin(7));

describe('TenantScopePlugin', () => {
  it('filters every tenant table of a select, aliases and joins included', () => {
    const q = db
      .selectFrom('users as u')
      .innerJoin('roles', 'roles.id', 'u.role_id')
      .innerJoin('organisations as o', 'o.id', 'u.org_id')
      .select('u.id')
      .where('u.username', '=', 'x')
      .compile();
    expect(q.sql).toBe(
      'select "u"."id" from "users" as "u" inner join "roles" on "roles"."id" = "u"."role_id" inner join "organisations" as "o" on "o"."id" = "u"."org_id" where ("u"."username" = $1) and "u"."org_id" = $2 and "roles"."org_id" = $3',
    );
    expect(q.parameters).toEqual(['x', 7, 7]);
  });

  it('puts a left-joined table’s condition in its ON, so unmatched rows are kept', () => {
    const q = db
      .selectFrom('memos as m')
      .leftJoin('files as f', 'f.id', 'm.id')
      .leftJoin('organisations', 'organisations.id', 'm.org_id')
      .select('m.id')
      .compile();
    expect(q.sql).toBe(
      'select "m"."id" from "memos" as "m" left join "files" as "f" on ("f"."id" = "m"."id") and "f"."org_id" = $1 left join "organisations" on "organisations"."id" = "m"."org_id" where "m"."org_id" = $2',
    );
    expect(q.parameters).toEqual([7, 7]);
  });

  it('keeps a handler’s `or` inside its parentheses', () => {
    const q = db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb('username', '=', 'a').or('username', '=', 'b'))
      .compile();
    expect(q.sql).toBe('select "id" from "users" where (("username" = $1 or "username" = $2)) and "users"."org_id" = $3');
  });

  it('filters subqueries too', () => {
    const q = db
      .selectFrom('organisations')
      .select('id')
      .where('id', 'in', (sub) => sub.selectFrom('users').select('org_id'))
      .compile();
    expect(q.sql).toContain('(select "org_id" from "users" where "users"."org_id" = $1)');
  });

  it('filters a query once when it is built from an already scoped query, as the archive’s count is', () => {
    const matching = db.selectFrom('users').select('id').where('username', '=', 'x');
    const total = db.selectFrom(matching.as('m')).select((eb) => eb.fn.countAll().as('n'));
    const q = db.selectFrom('organisations').select(total.as('total')).compile();
    expect(q.sql).toBe(
      'select (select count(*) as "n" from (select "id" from "users" where ("username" = $1) and "users"."org_id" = $2) as "m") as "total" from "organisations"',
    );
  });

  it('filters updates and deletes', () => {
    expect(db.updateTable('enterprises').set({ post_code: '1' }).compile().sql).toBe(
      'update "enterprises" set "post_code" = $1 where "enterprises"."org_id" = $2',
    );
    expect(db.deleteFrom('sessions').where('id', '=', 1).compile().sql).toBe('delete from "sessions" where ("id" = $1) and "sessions"."org_id" = $2');
  });

  it('adds the organisation to inserts that leave it out, and keeps an explicit one for RLS to judge', () => {
    const q = db
      .insertInto('enterprise_groups')
      .values({ name: 'g' } as never)
      .compile();
    expect(q.sql).toBe('insert into "enterprise_groups" ("name", "org_id") values ($1, $2)');
    expect(q.parameters).toEqual(['g', 7]);
    const explicit = db.insertInto('enterprise_groups').values({ name: 'g', org_id: 9 }).compile();
    expect(explicit.parameters).toEqual(['g', 9]);
  });
});
