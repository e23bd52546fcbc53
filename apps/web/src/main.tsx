import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { installPreloadErrorReload } from './app/chunk-reload.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { startSession } from './shared/session/session-api.ts';

// the service worker's registration (workbox-window) loads after the first screen, not with it
const AppUpdateNotice = lazy(() =>
  import('./app/pwa/update-notice.tsx').then((m) => ({ default: m.AppUpdateNotice })),
);

installPreloadErrorReload();
startSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
      <Suspense fallback={null}>
        <AppUpdateNotice />
      </Suspense>
    </AppProviders>
  </StrictMode>,
);
