import type { ModalFuncProps } from 'antd';

/** The confirm dialog variants of spec 001 §2, with their exact texts. */
export const CONFIRM_VARIANTS = {
  publish: { title: '确认要发布款项信息吗？', content: '发布后不可撤回，请核对完成后发布。' },
  delete: { title: '确认要删除吗？', content: '此操作不可逆，请核对后删除。' },
  success: { title: '操作成功', content: undefined },
  change: { title: '提醒', content: '切换选项将清空当前已编辑内容' },
} as const;

export type ConfirmVariant = keyof typeof CONFIRM_VARIANTS;

/** A variant by name, or a question of its own for actions the variants do not cover. */
export type ConfirmSpec = ConfirmVariant | { title: string; content?: string; danger?: boolean };

export const CONFIRM_WIDTH = 380;

/** Options for antd's `modal.confirm`; `onDecide` learns whether the user confirmed. */
export function confirmOptions(spec: ConfirmSpec, onDecide: (confirmed: boolean) => void): ModalFuncProps {
  const { title, content } = typeof spec === 'string' ? CONFIRM_VARIANTS[spec] : spec;
  const danger = spec === 'delete' || (typeof spec === 'object' && spec.danger);
  return {
    title,
    content,
    width: CONFIRM_WIDTH,
    okText: '确定',
    cancelText: '取消',
    okButtonProps: danger ? { danger: true } : undefined,
    onOk: () => onDecide(true),
    onCancel: () => onDecide(false),
  };
}
