import { Modal } from 'antd';
import { PdfViewer } from './PdfViewer.js';
import { storagePathOf } from './pdfSource.js';

export interface PdfPreviewDialogProps {
  open: boolean;
  onClose: () => void;
  /** The storage path or download URL of the PDF. */
  src: string | null | undefined;
  title?: string;
}

/** The PDF previewer in a dialog, for any block that offers "预览" on an uploaded PDF. */
export function PdfPreviewDialog({ open, onClose, src, title = '文件预览' }: PdfPreviewDialogProps) {
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} width="70%" destroyOnHidden centered>
      {open && <PdfViewer path={storagePathOf(src, window.location.origin)} height={Math.round(window.innerHeight * 0.7)} />}
    </Modal>
  );
}
