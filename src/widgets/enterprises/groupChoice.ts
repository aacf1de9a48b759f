/** Which enterprises the list shows by group: all, one group, or those in none. */
export type GroupChoice = { kind: 'all' } | { kind: 'group'; id: number } | { kind: 'ungrouped' };

/** The choice the query's conditions hold (`groupId` or `ungrouped`, see enterprise.getList). */
export function selectedGroup(conditions: Record<string, unknown>): GroupChoice {
  if (typeof conditions.groupId === 'number') return { kind: 'group', id: conditions.groupId };
  if (conditions.ungrouped === true) return { kind: 'ungrouped' };
  return { kind: 'all' };
}

/** The conditions with the group choice replaced, every other condition kept. */
export function groupFilter(conditions: Record<string, unknown>, choice: GroupChoice): Record<string, unknown> {
  const { groupId: _group, ungrouped: _none, ...rest } = conditions;
  if (choice.kind === 'group') return { ...rest, groupId: choice.id };
  if (choice.kind === 'ungrouped') return { ...rest, ungrouped: true };
  return rest;
}
