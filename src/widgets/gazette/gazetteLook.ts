import type { GazetteHit } from '../../generated/types.js';

/** A table row of gazette.list as the cells receive it. */
export function hitOf(record: Record<string, unknown> | undefined): GazetteHit | null {
  return record && typeof record.id === 'number' && typeof record.deadline === 'string' ? (record as unknown as GazetteHit) : null;
}

/** Days from which a deadline is shown in red. */
export const URGENT_DAYS = 15;
