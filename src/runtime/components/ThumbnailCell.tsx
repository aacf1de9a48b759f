import type { ReactNode } from 'react';
import { Popover, Tag } from 'antd';
import type { UploadedFile } from '../../generated/types.js';
import { cellSlice } from '../upload/fileKinds.js';
import { useThumbnailActions } from '../upload/useThumbnailActions.js';
import { ThumbnailTile } from './ThumbnailTile.js';
import './uploads.css';

/** Thumbnails a table cell shows before the "+N" count (spec 001 §2, §9). */
const CELL_THUMBNAILS = 3;
const CELL_SIZE = 40;

export interface ThumbnailCellProps {
  value?: UploadedFile[] | null;
  /** Given where files may be removed (an editable cell). */
  onRemove?: (uid: string) => void;
  /** After the thumbnails: an editable cell's add button. */
  extra?: ReactNode;
}

/**
 * A file list in a table cell: at most 3 small thumbnails, then "+N", which opens all of them.
 * Hovering a thumbnail offers 预览 and 下载 (and 删除 where allowed).
 */
export function ThumbnailCell({ value, onRemove, extra }: ThumbnailCellProps) {
  const files = Array.isArray(value) ? value : [];
  const { preview, download, dialog } = useThumbnailActions();
  const { visible, more } = cellSlice(files, CELL_THUMBNAILS);
  const tile = (file: UploadedFile, size: number) => (
    <ThumbnailTile
      key={file.uid}
      file={file}
      size={size}
      onPreview={() => preview(file)}
      onDownload={file.path ? () => void download(file) : undefined}
      onRemove={onRemove ? () => onRemove(file.uid) : undefined}
    />
  );
  if (files.length === 0 && !extra) return <>--</>;
  return (
    <div className="ipm-thumbnails ipm-thumbnail-cell">
      {visible.map((file) => tile(file, CELL_SIZE))}
      {more > 0 && (
        <Popover
          trigger="click"
          title={`全部文件（${files.length}）`}
          content={
            <div className="ipm-thumbnails" style={{ maxWidth: 480 }}>
              {files.map((file) => tile(file, 72))}
            </div>
          }
        >
          <Tag className="ipm-thumb-more" role="button" aria-label={`还有 ${more} 个文件`}>
            +{more}
          </Tag>
        </Popover>
      )}
      {extra}
      {dialog}
    </div>
  );
}
