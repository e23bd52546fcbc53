import { callAnnouncement } from '@klinikita/domain/registrations/registration.rules';
import type { DisplayCall } from '@klinikita/domain/registrations/registration.schema';
import { useCallback, useEffect, useRef, useState } from 'react';

/** A call heard after a long outage is old news: only calls this recent are announced. */
const ANNOUNCE_WITHIN_MS = 2 * 60_000;

const synth = (): SpeechSynthesis | null =>
  typeof window !== 'undefined' &&
  'speechSynthesis' in window &&
  typeof SpeechSynthesisUtterance !== 'undefined'
    ? window.speechSynthesis
    : null;

/** Says `text` in Bahasa Indonesia, with an Indonesian voice when the browser has one. */
export function speak(text: string, volume = 1): void {
  const s = synth();
  if (!s) return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'id-ID';
  utterance.rate = 0.9;
  utterance.volume = volume;
  const voice = s.getVoices?.().find((v) => /^id([-_]|$)/i.test(v.lang));
  if (voice) utterance.voice = voice;
  s.speak(utterance);
}

/**
 * Announces each new call: one whose calledAt is later than any the screen has seen. The calls
 * present at the first load are not announced. `serverTime` is the board's own clock.
 */
export function useCallAnnouncer(
  calls: readonly DisplayCall[] | undefined,
  serverTime: string | undefined,
): void {
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (!calls) return;
    const newest = calls.reduce((max, c) => Math.max(max, Date.parse(c.calledAt)), Number.NEGATIVE_INFINITY);
    const previous = seen.current;
    seen.current = previous === null ? newest : Math.max(previous, newest);
    if (previous === null) return;
    const now = serverTime ? Date.parse(serverTime) : Date.now();
    const fresh = calls
      .filter((c) => Date.parse(c.calledAt) > previous && now - Date.parse(c.calledAt) < ANNOUNCE_WITHIN_MS)
      .sort((a, b) => Date.parse(a.calledAt) - Date.parse(b.calledAt));
    for (const c of fresh) speak(callAnnouncement(c.queueNumber, c.room));
  }, [calls, serverTime]);
}

/**
 * Browsers keep a page silent until someone interacts with it: the one click that turns the
 * sound on. `needed` is false where speech is not available at all.
 */
export function useSoundActivation() {
  const [active, setActive] = useState(false);
  const supported = synth() !== null;
  const activate = useCallback(() => {
    // a silent utterance inside the click unlocks speech for the rest of the page's life
    speak(' ', 0);
    setActive(true);
  }, []);
  return { supported, active, needed: supported && !active, activate };
}
