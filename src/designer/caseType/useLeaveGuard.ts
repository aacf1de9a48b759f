import { useEffect } from 'react';
import { App } from 'antd';
import { useBlocker } from 'react-router-dom';

const LEAVE_TITLE = '确认离开？';
const LEAVE_CONTENT = '未保存的修改将丢失';

/**
 * While there are unsaved edits, leaving asks first: another page of the application through the
 * router's blocker, closing or reloading the tab through the browser's own question.
 */
type ModalApi = ReturnType<typeof App.useApp>['modal'];

/** 确认离开？ with 留下 focused: `leave` when the admin chooses to lose the edits, `stay` otherwise. */
export function askToLeave(modal: ModalApi, leave: () => void, stay?: () => void): void {
  modal.confirm({
    title: LEAVE_TITLE,
    content: LEAVE_CONTENT,
    okText: '离开',
    cancelText: '留下',
    okButtonProps: { danger: true },
    autoFocusButton: 'cancel',
    width: 380,
    onOk: leave,
    onCancel: stay,
  });
}

export function useLeaveGuard(dirty: boolean): void {
  const { modal } = App.useApp();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    askToLeave(
      modal,
      () => blocker.proceed(),
      () => blocker.reset(),
    );
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
