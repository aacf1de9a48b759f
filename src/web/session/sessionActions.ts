import type { LoginResult, UserInfo } from '../../generated/types.js';
import { sameSitePath } from '../../runtime/blocks/sameSitePath.js';
import { registerAction } from '../../runtime/actions.js';
import { api } from '../http/httpClient.js';
import { clearUserState, setLoadedMenu, updateUserState } from './userStore.js';
import { FIRST_PASSWORD_PATH, HOME_PATH } from '../shell/navigationGuard.js';

/** Where a deep link sent the user before sign-in; only same-site paths are followed. */
export function redirectTarget(query: URLSearchParams): string {
  const target = sameSitePath(query.get('redirect'));
  return target && !target.startsWith('/login') ? target : '/';
}

registerAction('session.signIn', (result, runtime) => {
  const reply = result as LoginResult;
  updateUserState({ token: reply.token, userInfo: reply.userInfo });
  setLoadedMenu(null);
  if (reply.userInfo.mustChangePassword) {
    runtime.navigate(FIRST_PASSWORD_PATH);
    return;
  }
  runtime.notify('success', `欢迎回来，${reply.userInfo.name}`);
  // The sign-in page leaves the history: 返回 on the page it led to does not land on it again.
  runtime.navigate(redirectTarget(runtime.query), { replace: true });
});

registerAction('session.firstPasswordChanged', async (_result, runtime) => {
  updateUserState({ userInfo: await api.auth.getUserInfo() });
  setLoadedMenu(null);
  runtime.navigate(HOME_PATH);
});

registerAction('session.updateUser', (result) => {
  updateUserState({ userInfo: result as UserInfo });
});

/** Revokes the session on the server (when it is still valid) and forgets it here. */
export async function signOut(): Promise<void> {
  try {
    await api.auth.logout({}, { silent: true });
  } catch {
    // An already expired session needs no revoking.
  }
  clearUserState();
}
