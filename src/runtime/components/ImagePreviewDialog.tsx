import { Modal } from 'antd';
import { IMAGE_PLACEHOLDER } from '../blocks/imagePlaceholder.js';

/** The picture upload preview: a dialog 40% wide (spec 000 §9) showing the whole picture. */
export function ImagePreviewDialog({ image, onClose }: { image: { name: string; url: string } | null; onClose: () => void }) {
  return (
    <Modal open={image !== null} title={image?.name ?? '预览'} width="40%" footer={null} onCancel={onClose} destroyOnHidden>
      {image && (
        <img
          src={image.url}
          alt={image.name}
          style={{ display: 'block', width: '100%' }}
          onError={(e) => {
            if (e.currentTarget.src !== IMAGE_PLACEHOLDER) e.currentTarget.src = IMAGE_PLACEHOLDER;
          }}
        />
      )}
    </Modal>
  );
}
