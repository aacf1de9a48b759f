/** Appearance and layout, kept locally under `store-global` (spec 000 §1, defaults from §9). */
export interface GlobalState {
  layout: 'vertical' | 'transverse';
  language: 'zhCn';
  size: 'default' | 'large' | 'small';
  primary: string;
  isDark: boolean;
  isGrey: boolean;
  isWeak: boolean;
  isCollapse: boolean;
  breadcrumb: boolean;
  tabs: boolean;
  footer: boolean;
}

export const DEFAULT_GLOBAL_STATE: GlobalState = {
  layout: 'vertical',
  language: 'zhCn',
  size: 'default',
  primary: '#ff7200',
  isDark: false,
  isGrey: false,
  isWeak: false,
  isCollapse: false,
  breadcrumb: true,
  tabs: true,
  footer: true,
};

const KEY = 'store-global';
const listeners = new Set<() => void>();

function read(): GlobalState {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? { ...DEFAULT_GLOBAL_STATE, ...(JSON.parse(raw) as Partial<GlobalState>) } : DEFAULT_GLOBAL_STATE;
  } catch {
    return DEFAULT_GLOBAL_STATE;
  }
}

let state = read();

export function globalState(): GlobalState {
  return state;
}

export function updateGlobalState(patch: Partial<GlobalState>): void {
  state = { ...state, ...patch };
  // Grey and weak modes exclude each other, as two colour filters would stack.
  if (patch.isGrey) state.isWeak = false;
  if (patch.isWeak) state.isGrey = false;
  localStorage.setItem(KEY, JSON.stringify(state));
  listeners.forEach((l) => l());
}

export function subscribeGlobal(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
