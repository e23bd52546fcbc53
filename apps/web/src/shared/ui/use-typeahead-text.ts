import { type RefObject, useEffect, useRef, useState } from 'react';

/** How often a search box asks at most while keys come faster (the server's search limit allows it). */
export const TYPEAHEAD_INTERVAL_MS = 100;

/**
 * The text a search-as-you-type asks the server for. A key after a pause is asked at once (no
 * debounce to wait out: the answer comes as soon as the server gives it); keys that come faster
 * than `interval` are asked at most once per interval, the last text always. Texts shorter than
 * `minLength` ask nothing: they pass at once and do not count. A request that a newer text
 * supersedes is aborted by its query (`abortable`), so answers never queue up behind it.
 *
 * `answered` (set by the caller as it renders the answer) is true while the last asked text has its
 * answer and nothing is in flight: a key then is asked at once however soon it comes, since the
 * interval only spaces out requests that would overtake one another.
 */
export function useTypeaheadText(
  text: string,
  {
    minLength = 1,
    interval = TYPEAHEAD_INTERVAL_MS,
    answered,
  }: { minLength?: number; interval?: number; answered?: RefObject<boolean> } = {},
): string {
  const [asked, setAsked] = useState(text);
  const askedAt = useRef(Number.NEGATIVE_INFINITY);
  const asks = text.length >= minLength;
  useEffect(() => {
    if (text === asked) return;
    if (!asks) return setAsked(text);
    const ask = () => {
      askedAt.current = performance.now();
      setAsked(text);
    };
    const wait = answered?.current ? 0 : askedAt.current + interval - performance.now();
    if (wait <= 0) return ask();
    const timer = window.setTimeout(ask, wait);
    return () => window.clearTimeout(timer);
  }, [text, asked, asks, interval, answered]);
  return asked;
}
