import { whenIdle } from '../shared/when-idle.ts';

/**
 * The first screen is on: what the user came for (the login form, their work screen) is drawn.
 * Work that the first screen does not need (the service worker's registration and its update
 * notice) waits for it and then for an idle moment, instead of competing with it for the network
 * and the main thread.
 */
let shown = false;
const waiting = new Set<() => void>();

/** Called by the root layout once the router draws its first screen. */
export function markFirstScreenShown(): void {
  if (shown) return;
  shown = true;
  for (const run of waiting) run();
  waiting.clear();
}

/** Runs `run` once the first screen is shown and the browser is idle; answers a cancel. */
export function afterFirstScreen(run: () => void): () => void {
  let cancelIdle: (() => void) | null = null;
  const start = () => {
    cancelIdle = whenIdle(run);
  };
  if (shown) start();
  else waiting.add(start);
  return () => {
    waiting.delete(start);
    cancelIdle?.();
  };
}
