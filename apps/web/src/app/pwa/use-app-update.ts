/// <reference types="vite-plugin-pwa/react" />

import { useRegisterSW } from 'virtual:pwa-register/react';
import { useRef, useState } from 'react';

/** How often a PC that keeps the app open all day asks whether a new release is out. */
const UPDATE_CHECK_MS = 60 * 60_000;

export interface AppUpdate {
  /** A new release is installed and waits for the user. */
  available: boolean;
  /** Hands the page to the new release and reloads it; only ever on the user's request. */
  reload: () => void;
}

/**
 * The service worker of the app shell (build/app-shell.ts). A new release installs beside the
 * running one and waits: the page never changes code under the user (a half-filled form) until
 * they press reload. When another tab already switched to it, this tab keeps its page and its
 * notice; reloading is still the user's choice.
 */
export function useAppUpdate(): AppUpdate {
  const requested = useRef(false);
  const [switchedElsewhere, setSwitchedElsewhere] = useState(false);
  const {
    needRefresh: [waiting],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
    },
    onNeedReload() {
      if (requested.current) window.location.reload();
      else setSwitchedElsewhere(true);
    },
  });
  return {
    available: waiting || switchedElsewhere,
    reload() {
      if (switchedElsewhere) return window.location.reload();
      requested.current = true;
      void updateServiceWorker();
    },
  };
}
