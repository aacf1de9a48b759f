import { Alert, Button, Modal, Skeleton, Typography } from 'antd';
import { useOperation } from '../../runtime/useOperation.js';

export const NO_SIMILAR_GOODS = '暂无类似商品';

export interface SimilarGoodsDialogProps {
  open: boolean;
  onClose: () => void;
  /** "注册号_类别". */
  applyNo: string | null;
}

/** 类似商品项: goods of the same similar groups as the mark's (spec 001 §7). */
export function SimilarGoodsDialog({ open, onClose, applyNo }: SimilarGoodsDialogProps) {
  const { data, error, isLoading } = useOperation('brandArchives.similarGoods', open && applyNo ? { applyNo } : null);
  return (
    <Modal open={open} onCancel={onClose} title="类似商品项" width={720} footer={<Button onClick={onClose}>关闭</Button>} destroyOnHidden>
      {!applyNo ? (
        <Typography.Text type="secondary">{NO_SIMILAR_GOODS}</Typography.Text>
      ) : isLoading ? (
        <Skeleton active />
      ) : error ? (
        <Alert type="error" message={error.message} />
      ) : data?.text ? (
        <Typography.Paragraph className="tm-similar-text" data-testid="similar-goods-text">
          {data.text}
        </Typography.Paragraph>
      ) : (
        <Typography.Text type="secondary">{NO_SIMILAR_GOODS}</Typography.Text>
      )}
    </Modal>
  );
}
