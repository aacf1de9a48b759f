import { useState } from 'react';
import { ImagePreviewDialog } from '../components/ImagePreviewDialog.js';
import type { ThumbnailFile } from '../components/ThumbnailTile.js';
import { isImageFile } from './fileKinds.js';
import { useFileActions } from './useFileActions.js';

/**
 * 预览 and 下载 for thumbnails: pictures open in the preview dialog; other files, which have no
 * viewer here, are downloaded.
 */
export function useThumbnailActions() {
  const { download, remove } = useFileActions();
  const [previewing, setPreviewing] = useState<ThumbnailFile | null>(null);
  const preview = (file: ThumbnailFile) => {
    if (isImageFile(file.type ?? file.name)) setPreviewing(file);
    else void download(file);
  };
  const dialog = <ImagePreviewDialog image={previewing} onClose={() => setPreviewing(null)} />;
  return { preview, download, remove, dialog };
}
