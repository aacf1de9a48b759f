/**
 * The tag drawer's tri-state checkboxes (spec 001 §4): each node starts checked (every chosen mark
 * has the tag), partial (some have it) or unchecked, as the server reported. The person's changes
 * are two lists: tags to add to every mark and tags to remove from every mark.
 */
export type TagState = 'checked' | 'partial' | 'unchecked';

export interface TagLists {
  add: string[];
  del: string[];
}

export interface SelectionReply {
  selectAll: string[];
  partSelect: { nodeId: string; num: number }[];
}

export const emptyLists = (): TagLists => ({ add: [], del: [] });

/** The state each node had before the person changed anything. */
export function initialStates(reply: SelectionReply): Map<string, TagState> {
  const states = new Map<string, TagState>();
  for (const p of reply.partSelect) states.set(p.nodeId, 'partial');
  for (const id of reply.selectAll) states.set(id, 'checked');
  return states;
}

/** What a node's checkbox shows now. */
export function stateOf(id: string, initial: ReadonlyMap<string, TagState>, lists: TagLists): TagState {
  if (lists.add.includes(id)) return 'checked';
  if (lists.del.includes(id)) return 'unchecked';
  return initial.get(id) ?? 'unchecked';
}

/** Checking adds the node to the add list and takes it off the delete list. */
export function checkNode(lists: TagLists, id: string): TagLists {
  return { add: lists.add.includes(id) ? lists.add : [...lists.add, id], del: lists.del.filter((d) => d !== id) };
}

/**
 * Unchecking takes the node off the add list; a node that was fully or partly selected before
 * goes on the delete list, so the marks that had it lose it.
 */
export function uncheckNode(lists: TagLists, id: string, initial: ReadonlyMap<string, TagState>): TagLists {
  const had = (initial.get(id) ?? 'unchecked') !== 'unchecked';
  return {
    add: lists.add.filter((a) => a !== id),
    del: had && !lists.del.includes(id) ? [...lists.del, id] : lists.del,
  };
}

/** A click on a checkbox: a checked box unchecks, a partial or empty one checks. */
export function toggleNode(lists: TagLists, id: string, initial: ReadonlyMap<string, TagState>): TagLists {
  return stateOf(id, initial, lists) === 'checked' ? uncheckNode(lists, id, initial) : checkNode(lists, id);
}

export const hasChanges = (lists: TagLists): boolean => lists.add.length > 0 || lists.del.length > 0;
