import mitt from 'mitt';

/** Cross-block events of the page runtime: one bus, named channels. */
type RuntimeEvents = {
  /** A filter bar published new conditions for the blocks listening on its channel. */
  query: { channel: string; values: Record<string, unknown> };
};

export const runtimeBus = mitt<RuntimeEvents>();

const lastQuery = new Map<string, Record<string, unknown>>();

export function publishQuery(channel: string, values: Record<string, unknown>): void {
  lastQuery.set(channel, values);
  runtimeBus.emit('query', { channel, values });
}

/** The conditions last published on a channel, for a block that mounts after the filter bar. */
export function currentQuery(channel: string): Record<string, unknown> {
  return lastQuery.get(channel) ?? {};
}
