import { useEffect } from 'react';
import { App } from 'antd';
import { useBlocker } from 'react-router-dom';

export const LEAVE_TITLE = '确认离开？';
export const LEAVE_CONTENT = '未保存的修改将丢失';

/**
 * While there are unsaved edits, leaving asks first: another page of the application through the
 * router's blocker, closing or reloading the tab through the browser's own question.
 */
export function useLeaveGuard(dirty: boolean): void {
  const { modal } = App.useApp();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: LEAVE_TITLE,
      content: LEAVE_CONTENT,
      okText: '离开',
      cancelText: '留下',
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      width: 380,
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when a value is returned.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
