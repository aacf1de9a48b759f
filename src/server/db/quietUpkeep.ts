/**
 * When upkeep that holds the database for seconds (a VACUUM of a large table on the embedded
 * database, where every request waits for it) may run: once no request has come for `quietMs`;
 * after `maxDeferrals` ticks put off in a row it runs anyway, so statistics are never starved by
 * a server that is never quiet.
 */
export class QuietWindow {
  private lastRequestAt = 0;
  private deferred = 0;

  constructor(
    private readonly quietMs: number,
    private readonly maxDeferrals: number,
  ) {}

  /** A request began. */
  sawRequest(at: number): void {
    this.lastRequestAt = at;
  }

  /** Whether a tick at `now` runs its work; a tick that does not counts as put off. */
  shouldRun(now: number): boolean {
    if (now - this.lastRequestAt >= this.quietMs || this.deferred >= this.maxDeferrals) {
      this.deferred = 0;
      return true;
    }
    this.deferred++;
    return false;
  }
}
