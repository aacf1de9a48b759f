import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { ScopedDb } from '../db/tenantScope.js';
import type { FileStore } from './fileStore.js';
import { GENERAL_UPLOAD_TYPES } from './fileTypes.js';

/**
 * Keeps a file the server wrote itself (an export, an import report) as one of the organisation's
 * files, so it is downloaded like any upload through `file.download`. The temporary file is removed.
 */
export async function keepGeneratedFile(
  db: ScopedDb,
  files: FileStore,
  owner: { orgId: number; userId: number },
  tempPath: string,
  name: string,
  extension: string,
): Promise<string> {
  try {
    const stored = await files.save(createReadStream(tempPath), owner.orgId, extension);
    await db
      .insertInto('files')
      .values({
        org_id: owner.orgId,
        uploader_id: owner.userId,
        path: stored.path,
        original_name: name,
        content_type: GENERAL_UPLOAD_TYPES[extension]!.mime,
        size: stored.size,
        sha256: stored.sha256,
      })
      .onConflict((oc) => oc.columns(['org_id', 'path']).doUpdateSet({ original_name: name }))
      .execute();
    return stored.path;
  } finally {
    await rm(tempPath, { force: true });
  }
}
