import { SessionExpiry, SubCode } from '../../shared/envelope.js';
import { ApiError } from '../http/apiError.js';

interface AccountRow {
  locked: boolean;
  valid_from: Date | string | null;
  valid_until: Date | string | null;
}

/** Refuses an account an administrator locked or whose validity period excludes now. */
export function assertAccountUsable(user: AccountRow, now = new Date()): void {
  if (user.locked) throw new ApiError(403, SubCode.forbidden, SessionExpiry.userLocked);
  if ((user.valid_from && new Date(user.valid_from) > now) || (user.valid_until && new Date(user.valid_until) <= now)) {
    throw new ApiError(403, SubCode.forbidden, SessionExpiry.outsideValidity);
  }
}
