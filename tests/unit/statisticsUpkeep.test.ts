import { describe, expect, it } from 'vitest';
import { upkeepDue, type TableActivity } from '../../src/server/db/statisticsUpkeep.js';

const table = (activity: Partial<TableActivity>): TableActivity => ({
  table: 't',
  reltuples: 0,
  modifiedSinceAnalyze: 0,
  deadRows: 0,
  insertedSinceVacuum: 0,
  ...activity,
});

describe('upkeepDue: PostgreSQL’s default autovacuum thresholds', () => {
  it('leaves a quiet table alone', () => {
    expect(upkeepDue(table({ reltuples: 10_000, modifiedSinceAnalyze: 1_050, deadRows: 2_050, insertedSinceVacuum: 3_000 }))).toBeNull();
  });

  it('analyses once the rows changed pass 50 + 10 % of the rows', () => {
    expect(upkeepDue(table({ reltuples: 10_000, modifiedSinceAnalyze: 1_051 }))).toBe('analyze');
    // A table never analysed counts as empty.
    expect(upkeepDue(table({ reltuples: -1, modifiedSinceAnalyze: 51 }))).toBe('analyze');
    expect(upkeepDue(table({ reltuples: -1, modifiedSinceAnalyze: 50 }))).toBeNull();
  });

  it('vacuums once the dead rows pass 50 + 20 %, or the inserted rows 1,000 + 20 %', () => {
    expect(upkeepDue(table({ reltuples: 10_000, deadRows: 2_051 }))).toBe('vacuum');
    expect(upkeepDue(table({ reltuples: 10_000, insertedSinceVacuum: 3_001, modifiedSinceAnalyze: 3_001 }))).toBe('vacuum');
    expect(upkeepDue(table({ reltuples: -1, insertedSinceVacuum: 1_001, modifiedSinceAnalyze: 1_001 }))).toBe('vacuum');
  });
});
