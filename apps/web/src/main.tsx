import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { installPreloadErrorReload } from './app/chunk-reload.ts';
import { afterFirstScreen } from './app/first-screen.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRouter, createAppRouter } from './app/router.tsx';
import { i18nReady } from './shared/i18n/i18n.ts';
import { startSession } from './shared/session/session-api.ts';

// the service worker's registration (workbox-window) and its notice load once the first screen is
// drawn and the browser is idle: nothing of the first screen waits for them
const AppUpdateNotice = lazy(() =>
  import('./app/pwa/update-notice.tsx').then((m) => ({ default: m.AppUpdateNotice })),
);

function LaterUpdateNotice() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => afterFirstScreen(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <AppUpdateNotice />
    </Suspense>
  ) : null;
}

installPreloadErrorReload();
// the session check, the first screen's chunk and its catalogue sections load side by side
startSession();
const router = createAppRouter();

// in Indonesian at once; in English once the shell's English words are in (a failure: Indonesian)
void i18nReady
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <AppProviders>
          <AppRouter router={router} />
          <LaterUpdateNotice />
        </AppProviders>
      </StrictMode>,
    ),
  );
