import type { App, ModalFuncProps } from 'antd';

/** The confirm dialog variants of spec 001 §2, with their exact texts. */
export const CONFIRM_VARIANTS = {
  publish: { title: '确认要发布款项信息吗？', content: '发布后不可撤回，请核对完成后发布。' },
  delete: { title: '确认要删除吗？', content: '此操作不可逆，请核对后删除。' },
  success: { title: '操作成功', content: undefined },
  change: { title: '提醒', content: '切换选项将清空当前已编辑内容' },
} as const;

export type ConfirmVariant = keyof typeof CONFIRM_VARIANTS;

/**
 * A variant by name, or an object: a variant whose texts may be replaced, or a question of its
 * own. With `autoClose` the close button counts down three seconds and closes the dialog: for a
 * notice that is its only button; for a question it is the cancel button, so silence means no.
 */
export type ConfirmSpec = ConfirmVariant | { variant?: ConfirmVariant; title?: string; content?: string; danger?: boolean; autoClose?: boolean };

export const CONFIRM_WIDTH = 380;

/** Seconds an auto-closing dialog stays open (spec 001 §9). */
export const AUTO_CLOSE_SECONDS = 3;

interface ResolvedConfirm {
  title: string;
  content: string | undefined;
  danger: boolean;
  autoClose: boolean;
  variant: ConfirmVariant | undefined;
}

export function resolveConfirm(spec: ConfirmSpec): ResolvedConfirm {
  const object = typeof spec === 'string' ? { variant: spec } : spec;
  const base = object.variant ? CONFIRM_VARIANTS[object.variant] : undefined;
  return {
    title: object.title ?? base?.title ?? '',
    content: object.content ?? base?.content,
    danger: object.variant === 'delete' || Boolean(object.danger),
    autoClose: Boolean(object.autoClose),
    variant: object.variant,
  };
}

/** A question about the selected rows says how many it will act on, before its own words. */
export function confirmForSelection(spec: ConfirmSpec, count: number): ConfirmSpec {
  const resolved = resolveConfirm(spec);
  return { ...resolved, content: `将作用于所选的 ${count} 项。${resolved.content ?? ''}` };
}

/** Options for antd's `modal.confirm`; `onDecide` learns whether the user confirmed. */
export function confirmOptions(spec: ConfirmSpec, onDecide: (confirmed: boolean) => void): ModalFuncProps {
  const { title, content, danger } = resolveConfirm(spec);
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

/** The close button of an auto-closing dialog with the seconds left. */
export function closeButtonText(secondsLeft: number): string {
  return `关闭（${secondsLeft}）`;
}

/**
 * Counts down once a second: `onTick` gets the button text for each second left (the first one
 * at once), `onDone` runs when none is left. Returns a stop function for an early close.
 */
export function startCountdown(seconds: number, onTick: (text: string) => void, onDone: () => void): () => void {
  let left = seconds;
  onTick(closeButtonText(left));
  const timer = setInterval(() => {
    left -= 1;
    if (left > 0) return onTick(closeButtonText(left));
    clearInterval(timer);
    onDone();
  }, 1000);
  return () => clearInterval(timer);
}

type ModalApi = ReturnType<typeof App.useApp>['modal'];

/** What asking needs of antd's modal API: open a confirm, then update or close it. */
export interface ConfirmOpener {
  confirm(options: ModalFuncProps): { update(next: ModalFuncProps): void; destroy(): void };
}

/**
 * A notice with one button: 知道了, or with `autoClose` a close button that counts down three
 * seconds (关闭（3）, 2, 1) and then closes the dialog by itself.
 */
export function showNotice(modal: ModalApi, spec: ConfirmSpec): void {
  const { title, content, autoClose, variant } = resolveConfirm(spec);
  const open = variant === 'success' ? modal.success : variant === 'delete' || variant === 'change' ? modal.warning : modal.info;
  if (!autoClose) {
    open({ title, content, width: CONFIRM_WIDTH, okText: '知道了' });
    return;
  }
  let stop = () => {};
  const instance = open({ title, content, width: CONFIRM_WIDTH, okText: closeButtonText(AUTO_CLOSE_SECONDS), onOk: () => stop() });
  stop = startCountdown(
    AUTO_CLOSE_SECONDS,
    (text) => instance.update({ okText: text }),
    () => instance.destroy(),
  );
}

/**
 * Asks the question and resolves with the answer. With `autoClose` the cancel button reads
 * 关闭（3）, counts down, and at zero closes the dialog as if cancelled.
 */
export function askConfirm(modal: ConfirmOpener, spec: ConfirmSpec): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let stop = () => {};
    let decided = false;
    const decide = (confirmed: boolean) => {
      if (decided) return;
      decided = true;
      stop();
      resolve(confirmed);
    };
    const options = confirmOptions(spec, decide);
    if (!resolveConfirm(spec).autoClose) {
      modal.confirm(options);
      return;
    }
    const instance = modal.confirm({ ...options, cancelText: closeButtonText(AUTO_CLOSE_SECONDS) });
    stop = startCountdown(
      AUTO_CLOSE_SECONDS,
      (text) => instance.update({ cancelText: text }),
      () => {
        instance.destroy();
        decide(false);
      },
    );
  });
}
