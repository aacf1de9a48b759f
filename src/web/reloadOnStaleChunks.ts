/** How long after one reload for a missing chunk another is not tried: a chunk missing from the new version too would reload for ever. */
const RELOAD_PAUSE_MS = 30_000;
const LAST_RELOAD = 'ipm-stale-chunk-reload';

/**
 * Parts of the page load on first use, from files named by their content. After a new version is
 * deployed, a page opened before it asks for files that are gone: Vite reports it as
 * `vite:preloadError`, and the page reloads once to pick up the new version (index.html is never
 * cached) instead of showing an error where the part should be.
 */
export function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(LAST_RELOAD) ?? 0);
    if (Date.now() - last < RELOAD_PAUSE_MS) return;
    event.preventDefault();
    sessionStorage.setItem(LAST_RELOAD, String(Date.now()));
    window.location.reload();
  });
}
