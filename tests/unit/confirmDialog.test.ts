import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTO_CLOSE_SECONDS,
  CONFIRM_WIDTH,
  askConfirm,
  closeButtonText,
  confirmOptions,
  resolveConfirm,
  confirmForSelection,
  startCountdown,
} from '../../src/runtime/confirmDialog.js';
import type { ModalFuncProps } from 'antd';

describe('confirm dialogs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('variants keep their texts; an object may name a variant, replace texts and ask to close by itself', () => {
    expect(resolveConfirm('delete')).toMatchObject({ title: '确认要删除吗？', content: '此操作不可逆，请核对后删除。', danger: true, autoClose: false });
    expect(resolveConfirm({ variant: 'success', autoClose: true })).toMatchObject({
      title: '操作成功',
      content: undefined,
      autoClose: true,
      variant: 'success',
    });
    expect(resolveConfirm({ variant: 'change', content: '切换后将清空已填写的官文信息' })).toMatchObject({
      title: '提醒',
      content: '切换后将清空已填写的官文信息',
    });
    expect(resolveConfirm({ title: '是否删除该排序名称？', danger: true })).toMatchObject({ title: '是否删除该排序名称？', danger: true });
    const options = confirmOptions('publish', () => {});
    expect(options).toMatchObject({ title: '确认要发布款项信息吗？', content: '发布后不可撤回，请核对完成后发布。', width: 380 });
    expect(CONFIRM_WIDTH).toBe(380);
  });

  it('the auto-close button counts 关闭（3）, 关闭（2）, 关闭（1） a second apart, then closes', () => {
    expect(AUTO_CLOSE_SECONDS).toBe(3);
    expect(closeButtonText(3)).toBe('关闭（3）');
    const texts: string[] = [];
    const done = vi.fn();
    startCountdown(AUTO_CLOSE_SECONDS, (t) => texts.push(t), done);
    expect(texts).toEqual(['关闭（3）']);
    vi.advanceTimersByTime(1000);
    expect(texts).toEqual(['关闭（3）', '关闭（2）']);
    vi.advanceTimersByTime(1000);
    expect(texts).toEqual(['关闭（3）', '关闭（2）', '关闭（1）']);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(done).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(texts).toHaveLength(3);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('closing early stops the countdown', () => {
    const done = vi.fn();
    const tick = vi.fn();
    const stop = startCountdown(3, tick, done);
    vi.advanceTimersByTime(1000);
    stop();
    vi.advanceTimersByTime(5000);
    expect(tick).toHaveBeenCalledTimes(2);
    expect(done).not.toHaveBeenCalled();
  });

  /** A stand-in for antd's modal API that records what the dialog shows. */
  const recordingModal = () => {
    const shown: ModalFuncProps[] = [];
    let destroyed = false;
    return {
      shown,
      destroyed: () => destroyed,
      confirm(options: ModalFuncProps) {
        shown.push({ ...options });
        return {
          update: (next: ModalFuncProps) => {
            shown.push({ ...shown[shown.length - 1], ...next });
          },
          destroy: () => {
            destroyed = true;
          },
        };
      },
    };
  };

  it('a question with autoClose counts its cancel button down and closes as a no', async () => {
    const modal = recordingModal();
    const answer = askConfirm(modal, { variant: 'change', autoClose: true });
    expect(modal.shown[0]).toMatchObject({ title: '提醒', cancelText: '关闭（3）', okText: '确定' });
    vi.advanceTimersByTime(1000);
    expect(modal.shown.at(-1)!.cancelText).toBe('关闭（2）');
    vi.advanceTimersByTime(2000);
    await expect(answer).resolves.toBe(false);
    expect(modal.destroyed()).toBe(true);
  });

  it('an answer before the countdown ends stops it and is kept', async () => {
    const modal = recordingModal();
    const answer = askConfirm(modal, { variant: 'delete', autoClose: true });
    modal.shown[0]!.onOk!();
    vi.advanceTimersByTime(5000);
    await expect(answer).resolves.toBe(true);
    expect(modal.destroyed()).toBe(false);
  });

  it('a question without autoClose waits for the answer', async () => {
    const modal = recordingModal();
    const answer = askConfirm(modal, 'delete');
    expect(modal.shown[0]).toMatchObject({ cancelText: '取消' });
    vi.advanceTimersByTime(10_000);
    modal.shown[0]!.onCancel!();
    await expect(answer).resolves.toBe(false);
  });

  it('says how many selected rows a question acts on, keeping its own words', () => {
    expect(resolveConfirm(confirmForSelection('delete', 3))).toMatchObject({
      title: '确认要删除吗？',
      content: '将作用于所选的 3 项。此操作不可逆，请核对后删除。',
      danger: true,
    });
  });
});
