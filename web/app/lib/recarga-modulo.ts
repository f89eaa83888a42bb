// A page chunk that fails to load (a new version was deployed, the network dropped) reloads the
// page, at most once a minute (docs/arquitectura.md §Errores en las páginas), so a chunk that keeps failing cannot loop the page.
export const RELOAD_INTERVAL_MS = 60_000;
export const LAST_RELOAD_KEY = 'vitrina:recarga-por-modulo';

export function shouldReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= RELOAD_INTERVAL_MS || now < lastReloadAt;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** Reloads when allowed, remembering when; false (no reload) also when the tab cannot remember. */
export function reloadOnceAMinute(storage: Store, now: number, reload: () => void): boolean {
  try {
    const saved = storage.getItem(LAST_RELOAD_KEY);
    if (!shouldReload(saved === null ? null : Number(saved), now)) return false;
    storage.setItem(LAST_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

/** The errors browsers give for a dynamic import that could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/** In the browser: this tab's sessionStorage (reading it can throw too, hence inside the calls). */
export function reloadTabOnceAMinute(): boolean {
  const tab: Store = {
    getItem: (key) => window.sessionStorage.getItem(key),
    setItem: (key, value) => window.sessionStorage.setItem(key, value),
  };
  return reloadOnceAMinute(tab, Date.now(), () => window.location.reload());
}

let adelantos = 0;

/**
 * Loads code before it is needed (the checkout's later steps while the cart is read). If it cannot be
 * fetched, the page stays as it is (entry.client.tsx does not reload for it): the step that needs the
 * code asks for it again then, and says so if it still fails.
 */
export function adelantar(load: () => Promise<unknown>): void {
  adelantos++;
  load()
    .catch(() => {})
    .finally(() => {
      adelantos--;
    });
}

/** Whether some code is being loaded ahead of time (adelantar). */
export const adelantando = () => adelantos > 0;
