import type { AuthLoginResponse } from '../../generated/types.js';
import { registerAction } from '../../runtime/actions.js';
import { api } from '../http/httpClient.js';
import { clearUserState, setLoadedMenu, updateUserState } from './userStore.js';

/** Where a deep link sent the user before sign-in; only same-site paths are followed. */
export function redirectTarget(query: URLSearchParams): string {
  const target = query.get('redirect');
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login') ? target : '/';
}

registerAction('session.signIn', (result, runtime) => {
  const reply = result as AuthLoginResponse;
  updateUserState({ token: reply.token, userInfo: reply.userInfo });
  setLoadedMenu(null);
  runtime.notify('success', `欢迎回来，${reply.userInfo.name}`);
  runtime.navigate(redirectTarget(runtime.query));
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
