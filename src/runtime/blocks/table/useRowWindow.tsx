import {
  createContext,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type HTMLAttributes,
  type RefObject,
} from 'react';
import { WindowedRow } from './WindowedRow.js';
import { rowWindow, windowAfterScroll, type RowWindow } from './rowWindow.js';
import { sameSpan } from './windowSpan.js';

/** antd's row height for a table of size "middle": 22px of line, 12px padding above and below, a 1px border. */
const MIDDLE_ROW_HEIGHT = 47;

/** What decides the window, and the window; a move wakes the windowed body. */
class RowWindowStore {
  private listeners = new Set<() => void>();
  private top = 0;
  private rowHeight = MIDDLE_ROW_HEIGHT;
  window: RowWindow;

  constructor(
    private count: number,
    private viewport: number,
  ) {
    this.window = rowWindow(count, 0, viewport, this.rowHeight);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Takes new inputs; wakes the body when the window changes, unless it renders anyway (`quiet`). */
  update(inputs: { top?: number; viewport?: number; rowHeight?: number; count?: number }, quiet = false): void {
    const previousTop = this.top;
    this.top = inputs.top ?? this.top;
    this.viewport = inputs.viewport ?? this.viewport;
    this.rowHeight = inputs.rowHeight ?? this.rowHeight;
    this.count = inputs.count ?? this.count;
    const next = windowAfterScroll(this.count, previousTop, this.top, this.viewport, this.rowHeight);
    if (sameSpan(this.window, next)) return;
    this.window = next;
    if (!quiet) this.listeners.forEach((listener) => listener());
  }
}

interface WindowContext {
  store: RowWindowStore | null;
  rows: readonly object[];
  rowKeys: string[];
  /** Columns the spacer cells span. */
  columns: number;
}

const RowWindowContext = createContext<WindowContext>({ store: null, rows: [], rowKeys: [], columns: 1 });

const unsubscribed = () => () => undefined;

function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr className="ipm-row-spacer" aria-hidden>
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}

/**
 * The table body of a long page. antd hands it a row element for every row of the page; it
 * renders instead the rows in the window only (table/WindowedRow.tsx), each at its place on
 * the page, between a spacer for the rows above and one for the rows below. A row keeps its props
 * while it stays in the window, so a move renders only the rows that enter it: with a row element
 * per row of the page, React would walk every one of them on each move. The first child, antd's
 * column-measuring row, is kept: the fixed columns' offsets come from it.
 */
function WindowedBody({ children, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  const { store, rows, rowKeys, columns } = useContext(RowWindowContext);
  const subscribe = useCallback((listener: () => void) => (store ? store.subscribe(listener) : unsubscribed()), [store]);
  const win = useSyncExternalStore(subscribe, () => store?.window);
  if (!store || !win || rows.length === 0) return <tbody {...rest}>{children}</tbody>;
  const measure = Array.isArray(children) && isValidElement(children[0]) ? children[0] : null;
  const shown = [];
  for (let index = win.start; index < Math.min(win.end, rows.length); index++) {
    shown.push(<WindowedRow key={rowKeys[index]} record={rows[index] as Record<string, unknown>} index={index} rowKey={rowKeys[index]!} />);
  }
  return (
    <tbody {...rest}>
      {measure}
      {win.before > 0 && <Spacer height={win.before} columns={columns} />}
      {shown}
      {win.after > 0 && <Spacer height={win.after} columns={columns} />}
    </tbody>
  );
}

/** antd Table `components` for a windowed body. Their identities never change, so antd keeps the body mounted. */
export const WINDOWED_COMPONENTS = { body: { wrapper: WindowedBody } };

export interface RowWindowing {
  /** Wraps the table: gives its body and rows the window. */
  Provider: typeof RowWindowContext.Provider;
  context: WindowContext;
}

/**
 * Keeps the window of rendered rows (table/rowWindow.ts) in step with the vertical scroll of the
 * table body inside `frame`. A move of the window renders before the frame is painted (an
 * external store's update is synchronous), so no blank spacer shows where rows were due. The row height is read from the first rendered
 * row when the rows or the columns change, never while scrolling.
 */
export function useRowWindow(
  frame: RefObject<HTMLElement>,
  options: { enabled: boolean; rows: readonly object[]; rowKeys: string[]; columns: number; height: number; bodyClass: string; rowClass: string },
): RowWindowing {
  const { enabled, rows, rowKeys, columns, height, bodyClass, rowClass } = options;
  const [store] = useState(() => new RowWindowStore(rowKeys.length, height));
  // The body renders with new rows anyway: the window for them is ready before it does.
  store.update({ count: rowKeys.length }, true);

  useLayoutEffect(() => {
    const element = frame.current;
    if (!enabled || !element) return;
    const scrolled = (event: Event) => {
      const target = event.target;
      if (target instanceof HTMLElement && target.classList.contains(bodyClass)) store.update({ top: target.scrollTop, viewport: target.clientHeight });
    };
    const body = element.querySelector<HTMLElement>(`.${bodyClass}`);
    if (body) store.update({ top: body.scrollTop, viewport: body.clientHeight });
    element.addEventListener('scroll', scrolled, { capture: true, passive: true });
    return () => element.removeEventListener('scroll', scrolled, { capture: true });
  }, [frame, store, enabled, bodyClass]);

  // After every render of the table (not of the body alone), once painted, when reading a height
  // costs nothing: no read while scrolling, and none that would lay out the page before its first frame.
  useEffect(() => {
    if (!enabled) return;
    const row = frame.current?.querySelector<HTMLElement>(`.${bodyClass} .${rowClass}`);
    if (row && row.offsetHeight > 0) store.update({ rowHeight: row.offsetHeight });
  });

  const context = useMemo<WindowContext>(() => ({ store: enabled ? store : null, rows, rowKeys, columns }), [enabled, store, rows, rowKeys, columns]);
  return { Provider: RowWindowContext.Provider, context };
}
