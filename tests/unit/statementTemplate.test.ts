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

  it('puts a value in every parameter it fills, and several values each in their own', () => {
    const twice = new StatementTemplate((k: Kysely<Database>, v: string) =>
      k.selectFrom('users').select('id').where('username', '=', v).where('phone', '=', v),
    );
    expect(twice.with(db, 'x').parameters).toEqual(['x', 'x']);
    const three = new StatementTemplate(
      (k: Kysely<Database>, a: string, b: string, c: string) =>
        k.selectFrom('users').select('id').where('username', '=', b).where('org_id', '=', 4).where('phone', 'in', [a, c, b]),
      { values: 3, prepare: false },
    );
    expect(three.with(db, 'A', 'B', 'C').parameters).toEqual(['B', 4, 'A', 'C', 'B']);
    expect(three.with(db, 1, 2, 3).parameters).toEqual([2, 4, 1, 3, 2]);
    expect(() => three.with(db, 1, 2)).toThrow('需要 3 个值');
  });

  it('refuses a statement that leaves a value out', () => {
    const never = new StatementTemplate((k: Kysely<Database>) => k.selectFrom('users').select('id'));
    expect(() => never.with(db, 'x')).toThrow('第 1 个值没有出现在语句中');
  });
});
