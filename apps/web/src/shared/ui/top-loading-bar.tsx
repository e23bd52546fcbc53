import { useEffect, useState } from 'react';

/** Nuxt's loading indicator settings (spec 9): estimated duration 5 s, shown only after 200 ms. */
export const LOADING_BAR_DURATION = 5000;
export const LOADING_BAR_THROTTLE = 200;
const TICK = 100;
const HIDE_DELAY = 400;

/** Nuxt's estimate: fast at first, slowing down, never reaching the end before the work is done. */
export const estimatedProgress = (elapsed: number, duration = LOADING_BAR_DURATION): number =>
  (2 / Math.PI) * 100 * Math.atan((elapsed / duration) * 2);

/** A thin bar at the top of the window while `active` (route navigation, requests in flight). */
export function TopLoadingBar({ active }: { active: boolean }) {
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!active) return;
    let tick: ReturnType<typeof setInterval> | undefined;
    const throttle = setTimeout(() => {
      const started = Date.now();
      setProgress(estimatedProgress(TICK));
      tick = setInterval(() => setProgress(estimatedProgress(Date.now() - started)), TICK);
    }, LOADING_BAR_THROTTLE);
    return () => {
      clearTimeout(throttle);
      clearInterval(tick);
    };
  }, [active]);

  useEffect(() => {
    if (active) return;
    setProgress((p) => (p > 0 ? 100 : 0));
    const hide = setTimeout(() => setProgress(0), HIDE_DELAY);
    return () => clearTimeout(hide);
  }, [active]);

  return (
    <div
      aria-hidden
      data-testid="top-loading-bar"
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        zIndex: 1000,
        height: 3,
        width: `${progress}%`,
        opacity: progress > 0 ? 1 : 0,
        background: 'var(--mantine-primary-color-filled)',
        transition: 'width 0.1s linear, opacity 0.4s',
        pointerEvents: 'none',
      }}
    />
  );
}
