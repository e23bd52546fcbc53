import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientContext } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../shared/i18n/i18n.ts';
import { theme } from '../shared/ui/theme.ts';
import { useToastHostWanted } from '../shared/ui/toast-host.ts';
import { useLoadedQueryClient } from './query-layer.ts';

/**
 * The toast container loads once a screen behind the login or a first toast asks for it
 * (toast-host.ts); toasts raised before it mounts wait in its store.
 */
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/**
 * App-wide providers. The modals provider sits in the logged-in layouts, the only screens with
 * dialogs. The query client is the one given (tests) or the app's once it is loaded (query-layer.ts):
 * the context is there from the start, so the screens under it are never remounted when it comes.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const loaded = useLoadedQueryClient();
  const client = queryClient ?? loaded ?? undefined;
  const toasts = useToastHostWanted();
  // what QueryClientProvider does: the client follows the window's focus and the network
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientContext.Provider value={client}>
        <MantineProvider theme={theme}>
          {toasts && (
            <Suspense fallback={null}>
              {/* bottom right: nothing the user needs sits there (the header's clock and menu are top right);
                  at most four show at once, the rest wait, so a burst does not cover a list's rows */}
              <Notifications position="bottom-right" limit={4} />
            </Suspense>
          )}
          {children}
        </MantineProvider>
      </QueryClientContext.Provider>
    </I18nextProvider>
  );
}
