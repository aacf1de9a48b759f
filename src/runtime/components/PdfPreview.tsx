import { useState } from 'react';
import { Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import type { PdfPreviewProps } from '../../generated/types.js';
import { PdfViewer } from '../blocks/PdfViewer.js';
import { PdfPreviewDialog } from '../blocks/PdfPreviewDialog.js';
import { storagePathOf } from '../blocks/pdfSource.js';

type Props = PdfPreviewProps & { value?: string | null };

/** PDF preview field: the file in `src` or the field's value, shown on the page or behind a 预览 button. */
export function PdfPreview({ src, value, mode = 'inline', height = 640, buttonText = '预览', title = '文件预览', watermark = true }: Props) {
  const [open, setOpen] = useState(false);
  const source = src ?? value ?? null;
  if (mode === 'dialog') {
    return (
      <>
        <Button icon={<FilePdfOutlined />} disabled={!source} onClick={() => setOpen(true)}>
          {buttonText}
        </Button>
        <PdfPreviewDialog open={open} onClose={() => setOpen(false)} src={source} title={title} />
      </>
    );
  }
  return <PdfViewer path={storagePathOf(source, window.location.origin)} height={height} watermark={watermark} />;
}
