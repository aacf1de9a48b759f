import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { App } from 'antd';
import { RuntimeContext, type RuntimeServices } from '../../runtime/runtimeContext.js';
import { callOperationById } from '../http/httpClient.js';
import { permissionSet, subscribeUser, userState } from '../session/userStore.js';

/** Gives the schema runtime the signed-in user, navigation, calls and messages. */
export function RuntimeProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = App.useApp();
  const state = useSyncExternalStore(subscribeUser, userState);
  const services = useMemo<RuntimeServices>(
    () => ({
      user: state.userInfo,
      permissions: permissionSet(state.userInfo),
      // react-router's navigate may answer with a promise; the runtime's navigate answers nothing.
      navigate: (to) => {
        void navigate(to);
      },
      query: new URLSearchParams(location.search),
      callOperation: (id, body) => callOperationById(id, body),
      notify: (type, text) => void message[type](text),
    }),
    [state.userInfo, navigate, location.search, message],
  );
  return <RuntimeContext.Provider value={services}>{children}</RuntimeContext.Provider>;
}
