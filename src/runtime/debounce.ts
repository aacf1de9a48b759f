/** Debounces of spec 001 §9: filter search 300 ms after typing, 500 ms for selects and trees. */
export const FILTER_SEARCH_DELAYS = { typing: 300, choosing: 500 } as const;

/** Search form auto submit (spec 001 §4, §9): 25 ms for the first, 1000 ms after that. */
export const AUTO_SUBMIT_DELAYS = { first: 25, later: 1000 } as const;

/** Components a person types into; every other field (select, tree, date, switch) is chosen. */
const TYPED_COMPONENTS = new Set(['Input', 'TextArea', 'Password', 'NumberPicker']);

/** How long a filter bar in search-on-change mode waits after a field of this component changed. */
export function filterSearchDelay(component: unknown): number {
  return typeof component === 'string' && TYPED_COMPONENTS.has(component) ? FILTER_SEARCH_DELAYS.typing : FILTER_SEARCH_DELAYS.choosing;
}

export interface Debouncer {
  /** Runs `task` after `ms`, replacing whatever was waiting. */
  schedule(task: () => void, ms: number): void;
  cancel(): void;
}

export function createDebouncer(): Debouncer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule(task, ms) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        task();
      }, ms);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

export interface AutoSubmitter {
  /** A value changed: submit once changes pause (25 ms before the first submit, 1000 ms after). */
  change(): void;
  cancel(): void;
}

export function createAutoSubmitter(submit: () => void): AutoSubmitter {
  const debouncer = createDebouncer();
  let submitted = false;
  return {
    change() {
      debouncer.schedule(
        () => {
          submitted = true;
          submit();
        },
        submitted ? AUTO_SUBMIT_DELAYS.later : AUTO_SUBMIT_DELAYS.first,
      );
    },
    cancel: () => debouncer.cancel(),
  };
}
