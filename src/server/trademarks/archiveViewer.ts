import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { AGENCY_ROLE_NAME } from '../modules/user.js';

/** Who is looking at an archive, and so which of its marks they may see. */
export interface ArchiveViewer {
  userId: number;
  /** Agency users see only the marks they are responsible for (spec 000 §6's agency rule). */
  ownMarksOnly: boolean;
}

export async function archiveViewer(db: Kysely<Database>, userId: number): Promise<ArchiveViewer> {
  const role = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select('r.name')
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return { userId, ownMarksOnly: role?.name === AGENCY_ROLE_NAME };
}
