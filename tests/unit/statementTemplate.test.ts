import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { StatementTemplate } from '../../src/server/db/statementTemplate.js';
import type { Database } from '../../src/server/db/tables.js';
import { compileOnlyDb } from './compileOnlyDb.js';

const db = compileOnlyDb();

describe('StatementTemplate', () => {
  it('compiles once and puts each value in the varying parameter, the others kept', () => {
    let builds = 0;
    const template = new StatementTemplate((k: Kysely<Database>, hash: string) => {
      builds += 1;
      return k.selectFrom('sessions').select('id').where('token_hash', '=', hash).where('org_id', '=', 3);
    });
    const first = template.with(db, 'aaa');
    const second = template.with(db, 'bbb');
    expect(builds).toBe(1);
    expect(first.sql).toBe('select "id" from "sessions" where "token_hash" = $1 and "org_id" = $2');
    expect(first.parameters).toEqual(['aaa', 3]);
    expect(second.parameters).toEqual(['bbb', 3]);
    expect(second.sql).toBe(first.sql);
  });

  it('refuses a statement that uses the value twice or not at all', () => {
    const twice = new StatementTemplate((k: Kysely<Database>, v: string) => k.selectFrom('users').select('id').where('username', '=', v).where('phone', '=', v));
    expect(() => twice.with(db, 'x')).toThrow('恰好出现一次');
    const never = new StatementTemplate((k: Kysely<Database>) => k.selectFrom('users').select('id'));
    expect(() => never.with(db, 'x')).toThrow('恰好出现一次');
  });
});
