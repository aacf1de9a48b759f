import mitt from 'mitt';

/** Shell-wide events: the one bus between the HTTP client, the overlay and the router. */
export type ShellEvents = {
  /** The number of calls in flight that show the overlay. */
  loading: number;
  /** A session-expiry reply arrived: sign out. */
  sessionExpired: string;
  /** The browser is offline: show /500. */
  offline: void;
  notify: { type: 'error' | 'warning' | 'success' | 'info'; text: string };
};

export const shellEvents = mitt<ShellEvents>();
