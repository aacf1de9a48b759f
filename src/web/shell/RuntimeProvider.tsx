import { useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { App, Button } from 'antd';
import { RuntimeContext, type RuntimeServices } from '../../runtime/runtimeContext.js';
import { callOperationById } from '../http/httpClient.js';
import { permissionSet, subscribeUser, userState } from '../session/userStore.js';

/** How long a message with a button (撤销) stays: long enough to read it and change one's mind. */
const ACTION_MESSAGE_SECONDS = 8;
let actionMessages = 0;

/**
 * Gives the schema runtime the signed-in user, navigation, calls and messages. The services change
 * only when what they carry does (user, query string): every widget of every open page reads them,
 * so a new object on each change of address would redraw all kept-alive pages.
 */
export function RuntimeProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  // react-router gives a new navigate on every change of address; the runtime's stays the same.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const { search } = useLocation();
  const { message } = App.useApp();
  const state = useSyncExternalStore(subscribeUser, userState);
  const services = useMemo<RuntimeServices>(
    () => ({
      user: state.userInfo,
      permissions: permissionSet(state.userInfo),
      // react-router's navigate may answer with a promise; the runtime's navigate answers nothing.
      navigate: (to, options) => {
        void navigateRef.current(to, options);
      },
      query: new URLSearchParams(search),
      callOperation: (id, body, options) => callOperationById(id, body, options),
      callNamedOperation: (id, body, options) => callOperationById(id, body, options),
      notify: (type, text, action) => {
        if (!action) return void message[type](text);
        const key = `notify-action-${++actionMessages}`;
        const run = () => {
          message.destroy(key);
          action.run();
        };
        void message.open({
          key,
          type,
          duration: ACTION_MESSAGE_SECONDS,
          content: (
            <span className="ipm-message-with-action">
              {text}
              <Button type="link" size="small" onClick={run}>
                {action.label}
              </Button>
            </span>
          ),
        });
      },
    }),
    [state.userInfo, search, message],
  );
  return <RuntimeContext.Provider value={services}>{children}</RuntimeContext.Provider>;
}
