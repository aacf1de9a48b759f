import type { MenuEntry, UserInfo } from '../../generated/types.js';

/** The signed-in user as kept locally under `store-user` (spec 000 §1). */
export interface UserState {
  token: string;
  userInfo: UserInfo | null;
}

const KEY = 'store-user';
const empty: UserState = { token: '', userInfo: null };

let menu: MenuEntry[] | null = null;
const listeners = new Set<() => void>();

export function readUserState(): UserState {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? { ...empty, ...(JSON.parse(raw) as Partial<UserState>) } : empty;
  } catch {
    return empty;
  }
}

let state = readUserState();

export function userState(): UserState {
  return state;
}

export function updateUserState(patch: Partial<UserState>): void {
  state = { ...state, ...patch };
  localStorage.setItem(KEY, JSON.stringify(state));
  listeners.forEach((l) => l());
}

export function clearUserState(): void {
  state = empty;
  menu = null;
  localStorage.removeItem(KEY);
  listeners.forEach((l) => l());
}

export function subscribeUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The menu is per sign-in and never persisted: it is reloaded after every page load. */
export function loadedMenu(): MenuEntry[] | null {
  return menu;
}

export function setLoadedMenu(entries: MenuEntry[] | null): void {
  menu = entries;
  listeners.forEach((l) => l());
}

export function permissionSet(info: UserInfo | null): Set<string> {
  return new Set(
    (info?.role.roleAuth ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
  );
}
