import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutoSubmitter, createDebouncer, filterSearchDelay } from '../../src/runtime/debounce.js';

describe('search debounces (spec 001 §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the filter bar waits 300 ms after typing and 500 ms after choosing', () => {
    expect(['Input', 'TextArea', 'Password', 'NumberPicker'].map(filterSearchDelay)).toEqual([300, 300, 300, 300]);
    expect(['Select', 'TreeSelect', 'DatePicker', 'Switch', 'RadioGroup', undefined, 42].map(filterSearchDelay)).toEqual([500, 500, 500, 500, 500, 500, 500]);
  });

  it('a debouncer runs only the last task, once changes pause', () => {
    const debouncer = createDebouncer();
    const run = vi.fn();
    debouncer.schedule(() => run('a'), 300);
    vi.advanceTimersByTime(200);
    debouncer.schedule(() => run('b'), 300);
    vi.advanceTimersByTime(299);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledExactlyOnceWith('b');
    debouncer.schedule(() => run('c'), 500);
    debouncer.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('auto search submits 25 ms after the first change, then 1000 ms after later ones', () => {
    const submit = vi.fn();
    const auto = createAutoSubmitter(submit);
    auto.change();
    vi.advanceTimersByTime(24);
    expect(submit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(submit).toHaveBeenCalledTimes(1);

    auto.change();
    vi.advanceTimersByTime(600);
    auto.change();
    vi.advanceTimersByTime(999);
    expect(submit).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(submit).toHaveBeenCalledTimes(2);

    auto.change();
    auto.cancel();
    vi.advanceTimersByTime(2000);
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it('changes within the first 25 ms are gathered into the first submit', () => {
    const submit = vi.fn();
    const auto = createAutoSubmitter(submit);
    auto.change();
    vi.advanceTimersByTime(20);
    auto.change();
    vi.advanceTimersByTime(25);
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
