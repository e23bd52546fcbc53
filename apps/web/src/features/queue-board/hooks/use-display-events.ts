import { LIVE_RESYNC } from '@klinikita/domain/common/live-events';
import { REGISTRATION_EVENTS } from '@klinikita/domain/registrations/registration.schema';
import { useEffect, useRef, useState } from 'react';

const EVENTS = [REGISTRATION_EVENTS.called, REGISTRATION_EVENTS.updated, LIVE_RESYNC];
const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 30_000;

/**
 * The display's own EventSource: calls `onEvent` on every event and on every (re)connect, when
 * events may have been missed. The browser retries a dropped stream itself; a stream it gave up
 * on (an error answer, e.g. while the server restarts) is opened again with a growing delay, so
 * a TV left on for days keeps following. Returns whether the stream is connected.
 */
export function useDisplayEvents(url: string | null, onEvent: () => void): boolean {
  const [connected, setConnected] = useState(true);
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });

  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = RETRY_FIRST_MS;
    const notify = () => handler.current();

    const open = () => {
      const current = new EventSource(url);
      source = current;
      current.onopen = () => {
        delay = RETRY_FIRST_MS;
        setConnected(true);
        notify();
      };
      for (const type of EVENTS) current.addEventListener(type, notify);
      current.onerror = () => {
        setConnected(false);
        if (current.readyState !== EventSource.CLOSED) return;
        timer = setTimeout(open, delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      };
    };
    open();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [url]);

  return connected;
}
