import { useRef, useState } from 'react';
import { Button, Tooltip, Upload } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ThumbnailUploadProps as DescribedThumbnailUploadProps, UploadedFile } from '../../generated/types.js';
import { CROP_TYPES } from '../upload/cropGeometry.js';
import { acceptAttribute, extensionOf, generalTypeMessage, type UploadRules } from '../upload/uploadRules.js';
import { useUploadQueue } from '../upload/useUploadQueue.js';
import { withStoredFile } from '../upload/fileKinds.js';
import { useThumbnailActions } from '../upload/useThumbnailActions.js';
import { ThumbnailTile, UploadingTile } from './ThumbnailTile.js';
import { ThumbnailCell } from './ThumbnailCell.js';
import { ImageCropDialog } from './ImageCropDialog.js';
import './uploads.css';

/** In a table cell the add button hides from this many files on (spec 001 §2, §9). */
const CELL_ADD_HIDES_AT = 4;

export type ThumbnailUploadProps = DescribedThumbnailUploadProps & {
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

/** Only pictures can be cropped: "文件只能是 jpg、png 格式". */
export function cropRefusal(file: { name: string }): string | null {
  return (CROP_TYPES as readonly string[]).includes(extensionOf(file.name)) ? null : generalTypeMessage(CROP_TYPES);
}

/**
 * 文件上传（缩略图）: picture cards of the uploaded files — the picture itself or a file-type icon —
 * with 预览, 下载 and, when editable, 删除 on hover; the add card hides at the limit. The value
 * is the list of uploaded files; one without a stored path (a picture served from its address
 * only) is previewed but not downloaded.
 */
export function ThumbnailUpload({
  limit = 10,
  purpose = 'general',
  limitMb,
  accept,
  crop,
  variant = 'card',
  value = [],
  onChange,
  disabled,
  readOnly,
}: ThumbnailUploadProps) {
  const rules: UploadRules = { purpose, limitMb, accept: crop ? (accept ?? [...CROP_TYPES]) : accept, maxCount: limit };
  const latest = useRef(value);
  latest.current = value;
  const commit = (next: UploadedFile[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const queue = useUploadQueue(rules, () => latest.current.length);
  const { preview, download, remove, dialog } = useThumbnailActions();
  const [cropping, setCropping] = useState<File | null>(null);
  const editable = !disabled && !readOnly;

  const send = (file: File) =>
    void queue.run(
      (transfer) => transfer(file),
      (stored) => commit(withStoredFile(latest.current, stored, limit)),
    );
  const beforeUpload = (file: File) => {
    if (!queue.admit(file, crop ? cropRefusal : undefined)) return Upload.LIST_IGNORE;
    if (crop) {
      setCropping(file);
      return false;
    }
    return true;
  };
  const onRemove = (uid: string) => commit(remove(latest.current, (f) => f.uid === uid));

  const count = value.length + queue.pending;
  const addLimit = variant === 'cell' ? Math.min(limit, CELL_ADD_HIDES_AT) : limit;
  // The Upload stays mounted when the button hides: the last file admitted is still being handed over.
  const trigger = (small: boolean, shown: boolean) => (
    <Upload
      listType={small ? 'text' : 'picture-card'}
      multiple={!crop && limit > 1}
      accept={acceptAttribute(rules)}
      showUploadList={false}
      beforeUpload={beforeUpload}
      customRequest={({ file }) => send(file as File)}
    >
      {!shown ? null : small ? (
        <Tooltip title="上传">
          <Button className="ipm-cell-add" aria-label="上传" icon={<PlusOutlined />} />
        </Tooltip>
      ) : (
        <div className="ipm-thumb-add">
          <PlusOutlined />
          <span>上传</span>
        </div>
      )}
    </Upload>
  );
  const cropDialog = (
    <ImageCropDialog
      file={cropping}
      onCancel={() => {
        setCropping(null);
        queue.release();
      }}
      onDone={(cropped) => {
        setCropping(null);
        send(cropped);
      }}
    />
  );

  if (variant === 'cell') {
    return (
      <>
        <ThumbnailCell
          value={value}
          onRemove={editable ? onRemove : undefined}
          extra={
            <>
              {queue.inFlight.map((f) => (
                <UploadingTile key={f.uid} name={f.name} percent={f.percent} size={40} />
              ))}
              {editable && trigger(true, count < addLimit)}
            </>
          }
        />
        {cropDialog}
      </>
    );
  }
  return (
    <div className="ipm-thumbnails" data-count={value.length}>
      {value.map((file) => (
        <ThumbnailTile
          key={file.uid}
          file={file}
          onPreview={() => preview(file)}
          onDownload={file.path ? () => void download(file) : undefined}
          onRemove={editable ? () => onRemove(file.uid) : undefined}
        />
      ))}
      {queue.inFlight.map((f) => (
        <UploadingTile key={f.uid} name={f.name} percent={f.percent} />
      ))}
      {editable && trigger(false, count < addLimit)}
      {dialog}
      {cropDialog}
    </div>
  );
}
