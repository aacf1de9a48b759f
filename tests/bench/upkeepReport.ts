import type { UpkeepDone } from '../../src/server/db/statisticsUpkeep.js';

/** Says which tables a bench vacuumed or analysed before timing. */
export function reportUpkeep(done: readonly UpkeepDone[]): void {
  if (done.length > 0)
    console.log(`计时前更新了统计信息：${done.map((d) => `${d.table}（${d.upkeep === 'vacuum' ? 'VACUUM (ANALYZE)' : 'ANALYZE'}）`).join('、')}`);
}
