import type { ReactNode } from 'react';
import { Button, Empty, Modal, Spin, Typography } from 'antd';

export interface MergeDialogFrameProps {
  title: string;
  open: boolean;
  onClose: () => void;
  merging: boolean;
  loading: boolean;
  /** Marks loaded for comparison; fewer than two leaves nothing to merge. */
  count: number;
  error?: Error;
  onConfirm: () => void;
  children: ReactNode;
}

/** The 850px frame both merge dialogs share: the question, loading and empty states, 取消 and 确定. */
export function MergeDialogFrame({ title, open, onClose, merging, loading, count, error, onConfirm, children }: MergeDialogFrameProps) {
  return (
    <Modal
      title={title}
      open={open}
      width={850}
      onCancel={onClose}
      destroyOnClose
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={merging}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={merging} disabled={count < 2} onClick={onConfirm}>
          确定
        </Button>,
      ]}
    >
      <Typography.Paragraph>请选择需要保留的商标：</Typography.Paragraph>
      {loading ? <Spin /> : count < 2 ? <Empty description={error?.message ?? '暂无数据'} /> : children}
    </Modal>
  );
}
