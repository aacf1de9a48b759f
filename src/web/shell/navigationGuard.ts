import type { MenuEntry, PageDefinition } from '../../generated/types.js';
import { api } from '../http/httpClient.js';
import { loadedMenu, setLoadedMenu, updateUserState, userState } from '../session/userStore.js';

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
/** Where a user signed in with an administrator's first password changes it before anything else. */
export const FIRST_PASSWORD_PATH = '/firstPassword';
const PREVIOUS_PATH_KEY = 'previousPath';
const ALL_CHECK_KEY = 'allCheck';

export type GuardOutcome = { pass: true } | { pass: false; redirect: string };

export function menuPaths(entries: MenuEntry[], into = new Set<string>()): Set<string> {
  for (const entry of entries) {
    into.add(entry.path);
    menuPaths(entry.children, into);
  }
  return into;
}

/** Rules 6 and 7 of spec 000 §2.11, kept in session storage. */
export function rememberNavigation(to: string, from: string | null): void {
  if (from && from !== HOME_PATH && from !== to && from !== LOGIN_PATH) sessionStorage.setItem(PREVIOUS_PATH_KEY, from);
  if (from && from !== HOME_PATH) {
    sessionStorage.removeItem(ALL_CHECK_KEY);
    localStorage.removeItem(ALL_CHECK_KEY);
  }
}

/**
 * The navigation guard of spec 000 §2.11 for one navigation: public pages pass; a signed-out
 * user goes to sign in (and comes back); missing user info is loaded; a user without mauth is
 * sent home with source=click, one holding a first password to change it; the menu is loaded when missing and the check repeated; a menu
 * page outside the user's menu is refused.
 */
export async function guardNavigation(page: PageDefinition | undefined, fullPath: string): Promise<GuardOutcome> {
  if (!page || page.public) return { pass: true };
  const state = userState();
  if (!state.token) return { pass: false, redirect: `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}` };
  if (!state.userInfo?.phone) {
    const userInfo = await api.auth.getUserInfo();
    updateUserState({ userInfo });
  }
  if (userState().userInfo?.mustChangePassword) return page.path === FIRST_PASSWORD_PATH ? { pass: true } : { pass: false, redirect: FIRST_PASSWORD_PATH };
  if (page.path === FIRST_PASSWORD_PATH) return { pass: false, redirect: HOME_PATH };
  if (!userState().userInfo?.mauth) return { pass: false, redirect: `${HOME_PATH}?source=click` };
  const menu = loadedMenu();
  if (!menu) {
    setLoadedMenu(await api.auth.getMenuList());
    return guardNavigation(page, fullPath);
  }
  const isMenuPage = page.inMenu ?? true;
  if (isMenuPage && !menuPaths(menu).has(page.path)) return { pass: false, redirect: '/403' };
  return { pass: true };
}
