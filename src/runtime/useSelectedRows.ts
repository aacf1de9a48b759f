import { useCallback, useEffect, useState } from 'react';
import { currentSelectedRows, publishSelection, runtimeBus, type SelectedRows } from './bus.js';

export type SelectionUpdate = SelectedRows | ((previous: SelectedRows) => SelectedRows);

/** Blocks on the page holding each channel's selection now. */
const holders = new Map<string, number>();

/**
 * The rows a block has selected: its own, or with a channel the channel's one selection, which
 * every block on that channel shows and changes (the archive's cards and table tick the same marks).
 * When the last block holding a channel leaves (its page closed) the selection goes with it; a
 * switch between two views of the channel keeps it, the other view mounting in the same update.
 */
export function useSelectedRows(channel: string | undefined): [SelectedRows, (update: SelectionUpdate) => void] {
  const [rows, setRows] = useState<SelectedRows>(() => (channel ? currentSelectedRows(channel) : new Map()));
  useEffect(() => {
    if (!channel) return;
    holders.set(channel, (holders.get(channel) ?? 0) + 1);
    const onSelection = (event: { channel: string; rows: SelectedRows }) => {
      if (event.channel === channel) setRows(event.rows);
    };
    runtimeBus.on('selection', onSelection);
    setRows(currentSelectedRows(channel));
    return () => {
      runtimeBus.off('selection', onSelection);
      holders.set(channel, (holders.get(channel) ?? 1) - 1);
      setTimeout(() => {
        if (!holders.get(channel) && currentSelectedRows(channel).size > 0) publishSelection(channel, new Map());
      }, 0);
    };
  }, [channel]);
  const update = useCallback(
    (next: SelectionUpdate) => {
      if (!channel) return setRows(next);
      // From the channel's current rows, so several updates in one event add up.
      publishSelection(channel, typeof next === 'function' ? next(currentSelectedRows(channel)) : next);
    },
    [channel],
  );
  return [rows, update];
}
