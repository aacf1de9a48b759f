import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { ChunkArea } from './chunkArea.js';
import type { FileStore } from './fileStore.js';

const DAY_MS = 86_400_000;

/**
 * Run at start: resumable uploads untouched for a day are given up, their rows and chunks
 * removed (or the object a direct upload left in the bucket), as are chunk directories and
 * half-received files nothing claims any more.
 */
export async function cleanAbandonedUploads(system: Kysely<Database>, chunks: ChunkArea, files: FileStore, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - DAY_MS);
  const gone = await system.deleteFrom('upload_sessions').where('updated_at', '<', before).returning(['id', 'org_id', 'object_key']).execute();
  // A store that is down now must not hold up the start: such a leftover is only unused bytes.
  let storeAnswers = true;
  for (const upload of gone) {
    if (!upload.object_key) await chunks.remove(upload.org_id, upload.id);
    else if (storeAnswers) await files.discard(upload.object_key).catch(() => (storeAnswers = false));
  }
  const live = new Set((await system.selectFrom('upload_sessions').select(['id', 'org_id']).execute()).map((r) => `${r.org_id}/${r.id}`));
  await chunks.sweep(before, (orgId, uploadId) => live.has(`${orgId}/${uploadId}`));
  await files.sweepIncoming(before);
  return gone.length;
}
