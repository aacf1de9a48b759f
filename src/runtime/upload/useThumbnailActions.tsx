import { useState } from 'react';
import { ImagePreviewDialog } from '../components/ImagePreviewDialog.js';
import { PdfPreviewDialog } from '../blocks/PdfPreviewDialog.js';
import type { ThumbnailFile } from '../components/ThumbnailTile.js';
import { fileIconKind, isImageFile } from './fileKinds.js';
import { useFileActions } from './useFileActions.js';

/**
 * 预览 and 下载 for thumbnails: pictures open in the picture dialog, PDFs in the PDF previewer
 * (with the viewer's watermark); other files, which have no viewer, are downloaded.
 */
export function useThumbnailActions() {
  const { download, remove } = useFileActions();
  const [picture, setPicture] = useState<ThumbnailFile | null>(null);
  const [pdf, setPdf] = useState<ThumbnailFile | null>(null);
  const preview = (file: ThumbnailFile) => {
    const kind = file.type ?? file.name;
    if (isImageFile(kind)) setPicture(file);
    else if (fileIconKind(kind) === 'pdf') setPdf(file);
    else void download(file);
  };
  const dialog = (
    <>
      <ImagePreviewDialog image={picture} onClose={() => setPicture(null)} />
      <PdfPreviewDialog open={pdf !== null} onClose={() => setPdf(null)} src={pdf?.path} title={pdf?.name} />
    </>
  );
  return { preview, download, remove, dialog };
}
