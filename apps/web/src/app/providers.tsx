import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../shared/i18n/i18n.ts';
import { theme } from '../shared/ui/theme.ts';
import { useToastHostWanted } from '../shared/ui/toast-host.ts';
import { createQueryClient } from './query-client.ts';

/**
 * The toast container loads once a screen behind the login or a first toast asks for it
 * (toast-host.ts); toasts raised before it mounts wait in its store.
 */
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/** App-wide providers. The modals provider sits in the logged-in layouts, the only screens with dialogs. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const toasts = useToastHostWanted();
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MantineProvider theme={theme}>
          {toasts && (
            <Suspense fallback={null}>
              {/* bottom right: nothing the user needs sits there (the header's clock and menu are top right) */}
              <Notifications position="bottom-right" />
            </Suspense>
          )}
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
