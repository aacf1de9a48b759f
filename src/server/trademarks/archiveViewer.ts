import type { Session } from '../auth/session.js';
import { AGENCY_ROLE_NAME } from '../accounts/roles.js';

/** Who is looking at an archive, and so which of its marks they may see. */
export interface ArchiveViewer {
  userId: number;
  /** Agency users see only the marks they are responsible for (spec 000 §6's agency rule). */
  ownMarksOnly: boolean;
}

export function archiveViewer(session: Pick<Session, 'userId' | 'roleName'>): ArchiveViewer {
  return { userId: session.userId, ownMarksOnly: session.roleName === AGENCY_ROLE_NAME };
}
