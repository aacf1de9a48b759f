import { useState } from 'react';
import { Button } from 'antd';
import {
  CloseOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  PictureOutlined,
} from '@ant-design/icons';
import type { DemandFile } from '../../../generated/types.js';
import { PdfViewer } from '../../../runtime/blocks/PdfViewer.js';
import { IMAGE_PLACEHOLDER } from '../../../runtime/blocks/imagePlaceholder.js';
import { fileIconKind, isImageFile, type FileIconKind } from '../../../runtime/upload/fileKinds.js';
import { useFileActions } from '../../../runtime/upload/useFileActions.js';

const ICONS: Record<FileIconKind, typeof FileOutlined> = {
  pdf: FilePdfOutlined,
  doc: FileWordOutlined,
  zip: FileZipOutlined,
  xlsx: FileExcelOutlined,
  txt: FileTextOutlined,
  other: FileOutlined,
};

const downloadUrl = (path: string) => `/api/file/download?path=${encodeURIComponent(path)}`;

/** Whether the phone can show the file itself (a picture or a PDF); others are downloaded. */
const previewable = (name: string) => isImageFile(name) || fileIconKind(name) === 'pdf';

/**
 * A proposal's files as rows to tap: a picture or a PDF opens over the whole screen (with 下载),
 * anything else downloads at once.
 */
export function MobileFiles({ files, testId }: { files: DemandFile[]; testId?: string }) {
  const { download } = useFileActions();
  const [open, setOpen] = useState<DemandFile | null>(null);
  if (files.length === 0) return <div className="m-muted">没有附件</div>;
  const save = (file: DemandFile) => void download({ name: file.fileName, path: file.filePath });
  return (
    <div data-testid={testId}>
      {files.map((file) => {
        const Icon = isImageFile(file.fileName) ? PictureOutlined : ICONS[fileIconKind(file.fileName)];
        return (
          <button
            key={file.filePath + file.fileName}
            type="button"
            className="m-file"
            onClick={() => (previewable(file.fileName) ? setOpen(file) : save(file))}
          >
            <span className="m-file-icon" aria-hidden>
              <Icon />
            </span>
            <span className="m-file-name">{file.fileName}</span>
            <span className="m-file-action">{previewable(file.fileName) ? '预览' : '下载'}</span>
          </button>
        );
      })}
      {open && <FilePreview file={open} onClose={() => setOpen(null)} onDownload={() => save(open)} />}
    </div>
  );
}

/** The file over the whole screen, its name on top with 关闭 and 下载. */
function FilePreview({ file, onClose, onDownload }: { file: DemandFile; onClose: () => void; onDownload: () => void }) {
  return (
    <div className="m-preview" role="dialog" aria-label={`预览 ${file.fileName}`}>
      <header className="m-navbar">
        <div className="m-navbar-side">
          <Button type="text" icon={<CloseOutlined />} onClick={onClose}>
            关闭
          </Button>
        </div>
        <div className="m-navbar-title">{file.fileName}</div>
        <div className="m-navbar-side" style={{ justifyContent: 'flex-end' }}>
          <Button type="text" icon={<DownloadOutlined />} aria-label="下载" onClick={onDownload} />
        </div>
      </header>
      <div className="m-preview-body">
        {isImageFile(file.fileName) ? (
          <img
            src={downloadUrl(file.filePath)}
            alt={file.fileName}
            onError={(e) => {
              if (e.currentTarget.src !== IMAGE_PLACEHOLDER) e.currentTarget.src = IMAGE_PLACEHOLDER;
            }}
          />
        ) : (
          <div className="m-preview-pdf">
            <PdfViewer path={file.filePath} height={Math.max(320, window.innerHeight - 48)} />
          </div>
        )}
      </div>
    </div>
  );
}
