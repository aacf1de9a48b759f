import { describe, expect, it } from 'vitest';
import { reaction } from '@formily/reactive';
import { PageQueries, rowFilter, type SelectedRows } from '../../src/runtime/pageQuery.js';

describe('the selection of a page query', () => {
  it('is one for every block naming the query, read back in the order selected', () => {
    const queries = new PageQueries(['unit-a']);
    const seen: SelectedRows[] = [];
    const stop = reaction(
      () => queries.get('unit-a').selection,
      (rows) => seen.push(rows),
    );
    queries.get('unit-a').select(
      new Map([
        [9, { id: 9 }],
        [2, { id: 2 }],
      ]),
    );
    stop();
    expect(queries.get('unit-a').selectedKeys).toEqual([9, 2]);
    expect(queries.get('unit-a').selection.get(2)).toEqual({ id: 2 });
    expect(seen).toHaveLength(1);
    expect(queries.get('unit-none').selectedKeys).toEqual([]);
  });

  it('drops deleted rows from every query that had them, and leaves the others alone', () => {
    const queries = new PageQueries(['unit-b', 'unit-c']);
    queries.get('unit-b').select(
      new Map([
        [1, { id: 1 }],
        [4, { id: 4 }],
      ]),
    );
    queries.get('unit-c').select(new Map([[5, { id: 5 }]]));
    const untouched = queries.get('unit-c').selection;
    queries.forget([4, 6]);
    expect(queries.get('unit-b').selectedKeys).toEqual([1]);
    expect(queries.get('unit-c').selection).toBe(untouched);
  });

  it('belongs to its page: another page has queries of its own under the same names', () => {
    const archive = new PageQueries(['marks']);
    const other = new PageQueries(['marks']);
    archive.get('marks').select(new Map([[1, { id: 1 }]]));
    archive.get('marks').setConditions({ tmName: '华为' });
    expect(other.get('marks').selectedKeys).toEqual([]);
    expect(other.get('marks').conditions).toEqual({});
  });
});

describe('the conditions and sort of a page query', () => {
  it('move the generation, so a list goes back to its first page; the default order does not', () => {
    const query = new PageQueries(['q']).get('q');
    expect(query.generation).toBe(0);
    query.setConditions({ tmName: '华为' });
    query.setSort([{ key: 'appDate', ascending: false }]);
    expect(query.generation).toBe(2);
    query.setDefaultSort([{ key: 'id', ascending: true }]);
    expect(query.generation).toBe(2);
  });

  it('make the request body a list sends, with the sort in the fields its operation names', () => {
    const query = new PageQueries(['q']).get('q');
    query.setConditions({ tmName: '华为', tmCl: [9] });
    expect(query.request()).toEqual({ tmName: '华为', tmCl: [9] });
    query.setSort([
      { key: 'appDate', ascending: false },
      { key: 'tmName', ascending: true },
    ]);
    expect(query.request()).toEqual({ tmName: '华为', tmCl: [9], sortField: 'appDate,tmName', sortType: 'desc,asc' });
    expect(query.sortBody({ sortField: 'orderBy', sortType: 'order' })).toEqual({ orderBy: 'appDate,tmName', order: 'desc,asc' });
  });

  it('tell an observer once per change, with the new value', () => {
    const query = new PageQueries(['q']).get('q');
    const seen: Record<string, unknown>[] = [];
    const stop = reaction(
      () => query.conditions,
      (conditions) => seen.push(conditions),
    );
    query.setConditions({ applicant: '甲公司' });
    query.setSort([]);
    query.setConditions({ applicant: '乙公司' });
    stop();
    expect(seen).toEqual([{ applicant: '甲公司' }, { applicant: '乙公司' }]);
  });

  it('give the rows they match as a filter: no paging, no order, no empty condition', () => {
    const query = new PageQueries(['q']).get('q');
    query.setConditions({ tmName: '华为', pageNo: 3, pageSize: 50, sortField: 'appDate', sortType: 'desc', tmCl: [], applicant: '' });
    expect(query.filter).toEqual({ tmName: '华为' });
    expect(rowFilter({ classes: { categories: [], groups: [] }, ids: [1] })).toEqual({ ids: [1] });
  });
});
