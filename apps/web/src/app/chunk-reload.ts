/** A page chunk that fails to load (usually after a deploy) forces one reload, at most once per 60 s (spec 4, 9). */
export const CHUNK_RELOAD_KEY = 'klinikita:chunk-reload-at';
export const CHUNK_RELOAD_GUARD_MS = 60_000;

let reloading = false;

interface ReloadDeps {
  now?: number;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  reload?: () => void;
}

/** Reloads the page unless it already did so in the last 60 s; true when a reload was started. */
export function reloadAfterChunkError({
  now = Date.now(),
  storage = window.sessionStorage,
  reload = () => window.location.reload(),
}: ReloadDeps = {}): boolean {
  if (reloading) return true;
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reloading = true;
  reload();
  return true;
}

/** Imports a lazy chunk; on failure reloads once, or lets the error reach the error page. */
export async function loadChunk<T>(importer: () => Promise<T>, deps?: ReloadDeps): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    if (reloadAfterChunkError(deps)) return new Promise<T>(() => {});
    throw error;
  }
}

/** Vite reports failed preloads of a chunk's dependencies with this event. */
export function installPreloadErrorReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadAfterChunkError()) event.preventDefault();
  });
}
