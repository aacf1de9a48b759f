import { describe, expect, it } from 'vitest';
import { expiryWindow } from '../../src/server/trademarks/expiryWindow.js';
import { archiveConditions } from '../../src/server/trademarks/archiveFilter.js';

describe('the archive’s expiry reminders', () => {
  it('take expiring from today to the months ahead, and grace from six months back to yesterday', () => {
    expect(expiryWindow('2026-08-31', 6)).toEqual({
      today: '2026-08-31',
      months: 6,
      ranges: { expiring: { from: '2026-08-31', to: '2027-02-28' }, grace: { from: '2026-02-28', to: '2026-08-30' } },
    });
    expect(expiryWindow('2026-03-01', 3).ranges.grace).toEqual({ from: '2025-09-01', to: '2026-02-28' });
  });

  it('become a range of the exclusive-use end date after what the viewer may see', () => {
    const window = expiryWindow('2026-11-22', 6);
    expect(archiveConditions({ expiry: 'grace' }, { userId: 4, ownMarksOnly: true }, window)).toEqual([
      { kind: 'compare', column: 'owner_user_id', op: '=', value: 4 },
      { kind: 'compare', column: 'private_end_date', op: '>=', value: '2026-05-22' },
      { kind: 'compare', column: 'private_end_date', op: '<=', value: '2026-11-21' },
    ]);
  });

  it('are never dropped for want of the window: a filter ignored would act on every mark', () => {
    expect(() => archiveConditions({ expiry: 'expiring' }, { userId: 4, ownMarksOnly: false })).toThrow(/expiry window/);
  });
});
