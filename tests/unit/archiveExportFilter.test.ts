import { describe, expect, it } from 'vitest';
import { archiveExportFilter, selectionExportFilter } from '../../src/widgets/brandExport/exportFilter.js';

describe('the filter an archive export sends', () => {
  it('takes the published conditions without paging or empty ones', () => {
    expect(
      archiveExportFilter(
        {
          tmName: '星辰',
          tmCl: [9],
          tmStatus: [],
          applicant: '',
          agent: null,
          customFields: {},
          classes: { categories: [], groups: [], goods: [] },
          pageNo: 3,
          pageSize: 50,
          searchType: 1,
        },
        [],
      ),
    ).toEqual({ tmName: '星辰', tmCl: [9], searchType: 1 });
    expect(archiveExportFilter({ classes: { categories: ['9'], groups: [], goods: [] } }, [])).toEqual({
      classes: { categories: ['9'], groups: [], goods: [] },
    });
  });

  it('adds the sort bar’s keys as the list sends them', () => {
    expect(
      archiveExportFilter({}, [
        { key: 'app_date', ascending: false },
        { key: 'tm_name', ascending: true },
      ]),
    ).toEqual({ sortField: 'app_date,tm_name', sortType: 'desc,asc' });
  });

  it('is empty, meaning every mark, when nothing was published', () => {
    expect(archiveExportFilter({}, [])).toEqual({});
  });

  it('names the selected marks alone, in the list’s sort, whatever the conditions', () => {
    expect(selectionExportFilter([7, 3], [{ key: 'app_date', ascending: true }])).toEqual({ ids: [7, 3], sortField: 'app_date', sortType: 'asc' });
    expect(selectionExportFilter([5], [])).toEqual({ ids: [5] });
  });
});
