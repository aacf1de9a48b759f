/**
 * Runs `claimBatch` until it claims fewer than `size` items, so one run of a background job works
 * through everything due in short transactions. `claimBatch` returns how many items it claimed.
 */
export async function drainInBatches(size: number, claimBatch: () => Promise<number>): Promise<void> {
  for (;;) {
    const claimed = await claimBatch();
    if (claimed < size) return;
  }
}
