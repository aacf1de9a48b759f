import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Spin } from 'antd';
import { useState } from 'react';
import { shellEvents } from '../http/shellEvents.js';
import { clearUserState, userState } from '../session/userStore.js';
import { LOGIN_PATH } from './navigationGuard.js';

/** Shows the HTTP client's messages, signs out on session expiry, and goes to /500 when offline. */
export function ShellEffects() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    const onNotify = ({ type, text }: { type: 'error' | 'warning' | 'success' | 'info'; text: string }) => void message[type](text);
    const onExpired = (text: string) => {
      // Several calls can fail together; the first one signs out, the rest have nothing to add.
      if (!userState().token) return;
      message.error(text);
      clearUserState();
      const here = window.location.pathname + window.location.search;
      navigate(`${LOGIN_PATH}?redirect=${encodeURIComponent(here)}`, { replace: true });
    };
    const onOffline = () => navigate('/500');
    shellEvents.on('notify', onNotify);
    shellEvents.on('sessionExpired', onExpired);
    shellEvents.on('offline', onOffline);
    return () => {
      shellEvents.off('notify', onNotify);
      shellEvents.off('sessionExpired', onExpired);
      shellEvents.off('offline', onOffline);
    };
  }, [message, navigate]);
  return <LoadingOverlay />;
}

/** Shown while at least one non-silent call is in flight (spec 000 §4: 加载中). */
function LoadingOverlay() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    shellEvents.on('loading', setCount);
    return () => shellEvents.off('loading', setCount);
  }, []);
  return <Spin spinning={count > 0} fullscreen tip="加载中" />;
}
