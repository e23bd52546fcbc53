import { useState } from 'react';

/**
 * `virtual:pwa-register/react` exists only in a Vite build with the PWA plugin; jsdom has no
 * service workers either. Under test the hook behaves as the real one does in a browser without
 * them: no update ever waits, and registering does nothing.
 */
export function useRegisterSW() {
  const needRefresh = useState(false);
  const offlineReady = useState(false);
  return { needRefresh, offlineReady, updateServiceWorker: async () => {} };
}
