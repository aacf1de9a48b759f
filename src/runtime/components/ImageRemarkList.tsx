import { useRef, useState } from 'react';
import { Input, Upload } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ImageEntry, ImageRemarkListProps as DescribedImageRemarkListProps } from '../../generated/types.js';
import { CROP_TYPES } from '../upload/cropGeometry.js';
import { pathOfUrl } from '../upload/fileKinds.js';
import { acceptAttribute, extensionOf, type UploadRules } from '../upload/uploadRules.js';
import { useUploadQueue } from '../upload/useUploadQueue.js';
import { useThumbnailActions } from '../upload/useThumbnailActions.js';
import { ThumbnailTile, UploadingTile, type ThumbnailFile } from './ThumbnailTile.js';
import { ImageCropDialog } from './ImageCropDialog.js';
import { cropRefusal } from './ThumbnailUpload.js';
import './uploads.css';

/** Spec 001 §5, §9: three pictures by default, a remark of at most 20 characters each. */
const DEFAULT_IMAGE_LIMIT = 3;
const REMARK_MAX = 20;

export type ImageRemarkListProps = DescribedImageRemarkListProps & {
  value?: ImageEntry[];
  onChange?: (entries: ImageEntry[]) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

/** The entries numbered again from 0 in their order. */
function renumber(entries: ImageEntry[]): ImageEntry[] {
  return entries.map((entry, position) => (entry.position === position ? entry : { ...entry, position }));
}

function thumbnailOf(entry: ImageEntry): ThumbnailFile {
  const url = entry.cropperImg || entry.imageData;
  const path = pathOfUrl(url) ?? '';
  return { uid: String(entry.position), name: `图片${entry.position + 1}.${extensionOf(path) || 'jpg'}`, url, path };
}

/**
 * 图片上传列表: pictures each with a remark (at most 20 characters, counted), 3 by default; with
 * `crop` each picture is cropped first. The value is the list of image entries
 * `{position, imageData, cropperImg, remark}`.
 */
export function ImageRemarkList({ limit = DEFAULT_IMAGE_LIMIT, limitMb, accept, crop, value = [], onChange, disabled, readOnly }: ImageRemarkListProps) {
  const rules: UploadRules = { purpose: 'general', limitMb, accept: crop || !accept ? [...CROP_TYPES] : accept, maxCount: limit };
  const latest = useRef(value);
  latest.current = value;
  const commit = (next: ImageEntry[]) => {
    latest.current = renumber(next);
    onChange?.(latest.current);
  };
  const queue = useUploadQueue(rules, () => latest.current.length);
  const { preview, download, remove, dialog } = useThumbnailActions();
  const [cropping, setCropping] = useState<File | null>(null);
  const editable = !disabled && !readOnly;

  const add = (original: File, cropped: File | null) =>
    void queue.run(
      async (transfer) => {
        const image = await transfer(original);
        return { imageData: image.url, cropperImg: cropped ? (await transfer(cropped)).url : '' };
      },
      (urls) => commit([...latest.current, { position: latest.current.length, ...urls, remark: '' }]),
    );

  const setRemark = (position: number, remark: string) =>
    commit(latest.current.map((entry) => (entry.position === position ? { ...entry, remark: remark.slice(0, REMARK_MAX) } : entry)));

  return (
    <div className="ipm-image-remarks">
      {value.map((entry) => {
        const file = thumbnailOf(entry);
        return (
          <div className="ipm-image-remark" key={entry.position} data-position={entry.position}>
            <ThumbnailTile
              file={file}
              size={88}
              onPreview={() => preview(file)}
              onDownload={() => void download(file)}
              onRemove={editable ? () => commit(remove(latest.current, (e) => e.position === entry.position)) : undefined}
            />
            <Input
              aria-label={`图片${entry.position + 1}备注`}
              placeholder="请输入备注"
              value={entry.remark}
              maxLength={REMARK_MAX}
              showCount
              disabled={!editable}
              onChange={(e) => setRemark(entry.position, e.target.value)}
            />
          </div>
        );
      })}
      <div className="ipm-thumbnails">
        {queue.inFlight.map((f) => (
          <UploadingTile key={f.uid} name={f.name} percent={f.percent} size={88} />
        ))}
        {editable && (
          // Stays mounted when the card hides: the last picture admitted is still being handed over.
          <Upload
            listType="picture-card"
            multiple={!crop && limit > 1}
            accept={acceptAttribute(rules)}
            showUploadList={false}
            beforeUpload={(file) => {
              if (!queue.admit(file, crop ? cropRefusal : undefined)) return Upload.LIST_IGNORE;
              if (!crop) return true;
              setCropping(file);
              return false;
            }}
            customRequest={({ file }) => add(file as File, null)}
          >
            {value.length + queue.pending < limit ? (
              <div className="ipm-thumb-add">
                <PlusOutlined />
                <span>上传图片</span>
              </div>
            ) : null}
          </Upload>
        )}
      </div>
      <ImageCropDialog
        file={cropping}
        onCancel={() => {
          setCropping(null);
          queue.release();
        }}
        onDone={(cropped) => {
          const original = cropping!;
          setCropping(null);
          add(original, cropped);
        }}
      />
      {dialog}
    </div>
  );
}
