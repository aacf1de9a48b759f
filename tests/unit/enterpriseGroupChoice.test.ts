import { describe, expect, it } from 'vitest';
import { groupFilter, selectedGroup } from '../../src/widgets/enterprises/groupChoice.js';

describe('the enterprise group chosen beside the list', () => {
  it('reads the choice from the query’s conditions', () => {
    expect(selectedGroup({})).toEqual({ kind: 'all' });
    expect(selectedGroup({ groupId: 4, applicantName: '青禾' })).toEqual({ kind: 'group', id: 4 });
    expect(selectedGroup({ ungrouped: true })).toEqual({ kind: 'ungrouped' });
  });

  it('replaces only the group condition, keeping the filter bar’s', () => {
    const conditions = { applicantName: '青禾', groupId: 4 };
    expect(groupFilter(conditions, { kind: 'ungrouped' })).toEqual({ applicantName: '青禾', ungrouped: true });
    expect(groupFilter({ applicantName: '青禾', ungrouped: true }, { kind: 'group', id: 5 })).toEqual({ applicantName: '青禾', groupId: 5 });
    expect(groupFilter(conditions, { kind: 'all' })).toEqual({ applicantName: '青禾' });
  });
});
