import { useEffect, useRef, useState } from 'react';
import { App, Modal, Segmented, Slider, Space, Typography } from 'antd';
import Cropper from 'react-easy-crop';
import { CROP_TITLE, aspectOf, clampCrop, croppedFileName, type Rect, type Size } from '../upload/cropGeometry.js';
import { cropToJpeg, scaledForCrop } from '../upload/cropImage.js';
import './uploads.css';

const ASPECTS = [
  { label: '原图比例', value: 'original' },
  { label: '1:1', value: '1:1' },
  { label: '4:3', value: '4:3' },
  { label: '16:9', value: '16:9' },
];

export interface ImageCropDialogProps {
  /** The picture to crop; the dialog is open while it is set. */
  file: File | null;
  onCancel: () => void;
  /** The cropped picture, a JPEG named after the original. */
  onDone: (cropped: File) => void;
}

/**
 * 图片裁剪: the picture is first scaled to fit 980 × 600 (JPEG, quality 0.8), then the user frames
 * the part to keep; the result is exported as a JPEG at quality 0.8.
 */
export function ImageCropDialog({ file, onCancel, onDone }: ImageCropDialogProps) {
  const { message } = App.useApp();
  const [scaled, setScaled] = useState<{ url: string; size: Size } | null>(null);
  const [failed, setFailed] = useState(false);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [aspect, setAspect] = useState('original');
  const [busy, setBusy] = useState(false);
  const area = useRef<Rect | null>(null);

  useEffect(() => {
    if (!file) return;
    let url: string | null = null;
    let live = true;
    setScaled(null);
    setFailed(false);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setAspect('original');
    area.current = null;
    scaledForCrop(file)
      .then((result) => {
        url = result.url;
        if (live) setScaled(result);
        else URL.revokeObjectURL(result.url);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);

  const confirm = async () => {
    if (!file || !scaled) return;
    setBusy(true);
    try {
      const rect = clampCrop(area.current ?? { x: 0, y: 0, ...scaled.size }, scaled.size);
      const blob = await cropToJpeg(scaled.url, rect);
      onDone(new File([blob], croppedFileName(file.name), { type: 'image/jpeg' }));
    } catch {
      message.error('裁剪失败，请重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={file !== null}
      title={CROP_TITLE}
      width={760}
      okText="确定"
      cancelText="取消"
      onOk={() => void confirm()}
      onCancel={onCancel}
      okButtonProps={{ disabled: !scaled }}
      confirmLoading={busy}
      maskClosable={false}
      destroyOnHidden
    >
      <div className="ipm-crop-area" data-testid="crop-area">
        {scaled && (
          <Cropper
            image={scaled.url}
            crop={crop}
            zoom={zoom}
            maxZoom={4}
            aspect={aspectOf(aspect, scaled.size)}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => {
              area.current = pixels;
            }}
          />
        )}
        {failed && (
          <Typography.Text type="danger" style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            图片无法读取，请换一张图片
          </Typography.Text>
        )}
      </div>
      <div className="ipm-crop-controls">
        <Space>
          <Typography.Text>比例</Typography.Text>
          <Segmented options={ASPECTS} value={aspect} onChange={(v) => setAspect(String(v))} />
        </Space>
        <Space>
          <Typography.Text>缩放</Typography.Text>
          <Slider min={1} max={4} step={0.1} value={zoom} onChange={setZoom} tooltip={{ formatter: (v) => `${v}×` }} />
        </Space>
      </div>
    </Modal>
  );
}
