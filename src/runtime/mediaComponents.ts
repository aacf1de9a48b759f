import { AttachmentUpload } from './components/AttachmentUpload.js';
import { ThumbnailUpload } from './components/ThumbnailUpload.js';
import { ImageRemarkList } from './components/ImageRemarkList.js';
import { PdfPreview } from './components/PdfPreview.js';
import { RichTextEditor } from './components/RichTextEditor.js';
import { OperationCarousel } from './blocks/OperationCarousel.js';
import { OperationArticle } from './blocks/OperationArticle.js';
import { FallbackImage } from './components/FallbackImage.js';
import type { SchemaComponents } from './schemaFieldContext.js';

/** Uploads, images, PDF preview, rich text, the carousel and articles: one chunk, loaded with the first page showing one. */
export const mediaComponents = {
  AttachmentUpload,
  ThumbnailUpload,
  ImageRemarkList,
  PdfPreview,
  RichTextEditor,
  OperationCarousel,
  OperationArticle,
  Image: FallbackImage,
} satisfies SchemaComponents;
