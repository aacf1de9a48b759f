import type { ReactNode } from 'react';
import { Button, Progress, Tooltip } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  FileExcelOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
} from '@ant-design/icons';
import { IMAGE_PLACEHOLDER } from '../blocks/imagePlaceholder.js';
import { fileIconKind, isImageFile, type FileIconKind } from '../upload/fileKinds.js';
import './uploads.css';

export interface ThumbnailFile {
  uid: string;
  name: string;
  url: string;
  path: string;
  type?: string;
}

const ICONS: Record<FileIconKind, typeof FileOutlined> = {
  pdf: FilePdfOutlined,
  doc: FileWordOutlined,
  zip: FileZipOutlined,
  xlsx: FileExcelOutlined,
  txt: FileTextOutlined,
  other: FileOutlined,
};

const ICON_COLOURS: Record<FileIconKind, string> = {
  pdf: '#e5484d',
  doc: '#2b6cd3',
  zip: '#b7791f',
  xlsx: '#1f8a4c',
  txt: '#8c8c8c',
  other: '#8c8c8c',
};

export interface ThumbnailTileProps {
  file: ThumbnailFile;
  size?: number;
  onPreview?: () => void;
  onDownload?: () => void;
  /** Offered only where the file may be removed. */
  onRemove?: () => void;
}

function ActionButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" aria-label={label} icon={icon} onClick={onClick} />
    </Tooltip>
  );
}

/** One thumbnail: the picture itself, or a file-type icon; hovering offers 预览, 下载 and, when allowed, 删除. */
export function ThumbnailTile({ file, size = 104, onPreview, onDownload, onRemove }: ThumbnailTileProps) {
  const kind = fileIconKind(file.type ?? file.name);
  const Icon = ICONS[kind];
  return (
    <div className={`ipm-thumb${size < 64 ? ' ipm-thumb-small' : ''}`} style={{ width: size, height: size }} title={file.name} data-file={file.name}>
      {isImageFile(file.type ?? file.name) ? (
        <img
          src={file.url}
          alt={file.name}
          onError={(e) => {
            if (e.currentTarget.src !== IMAGE_PLACEHOLDER) e.currentTarget.src = IMAGE_PLACEHOLDER;
          }}
        />
      ) : (
        <div className="ipm-thumb-file" aria-label={`${kind} 文件`}>
          <Icon style={{ color: ICON_COLOURS[kind] }} />
          <span className="ipm-thumb-file-name">{file.name}</span>
        </div>
      )}
      <div className="ipm-thumb-actions">
        {onPreview && <ActionButton label="预览" icon={<EyeOutlined />} onClick={onPreview} />}
        {onDownload && <ActionButton label="下载" icon={<DownloadOutlined />} onClick={onDownload} />}
        {onRemove && <ActionButton label="删除" icon={<DeleteOutlined />} onClick={onRemove} />}
      </div>
    </div>
  );
}

/** A file on its way: its name and a progress bar in the place its thumbnail will take. */
export function UploadingTile({ name, percent, size = 104 }: { name: string; percent: number; size?: number }) {
  return (
    <div className={`ipm-thumb${size < 64 ? ' ipm-thumb-small' : ''}`} style={{ width: size, height: size }} title={name} aria-label={`正在上传 ${name}`}>
      <div className="ipm-thumb-file">
        <Progress className="ipm-thumb-progress" percent={percent} size="small" showInfo={size >= 64} />
        <span className="ipm-thumb-file-name">{name}</span>
      </div>
    </div>
  );
}
