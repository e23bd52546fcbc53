import { QueryClientContext } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Outlet, useNavigation, useRouteError } from 'react-router';
import { ErrorPage } from '../shared/ui/error-page.tsx';
import { FullPageLoader } from '../shared/ui/full-page-loader.tsx';
import { TopLoadingBar } from '../shared/ui/top-loading-bar.tsx';
import { markFirstScreenShown } from './first-screen.ts';

/**
 * Whether a request is in flight (useIsFetching + useIsMutating), read from the query client once
 * it is there (query-layer.ts: the login page has none).
 */
function useRequestsInFlight(): boolean {
  const client = useContext(QueryClientContext);
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!client) return () => {};
      const queries = client.getQueryCache().subscribe(changed);
      const mutations = client.getMutationCache().subscribe(changed);
      return () => {
        queries();
        mutations();
      };
    },
    [client],
  );
  return useSyncExternalStore(subscribe, () => !!client && client.isFetching() + client.isMutating() > 0);
}

/**
 * Wraps every route: the loading bar during navigation and while requests are in flight. It mounts
 * with the first screen (the initial loading screen stands in until that screen's chunk is in).
 */
export function RootLayout() {
  const navigation = useNavigation();
  const busy = useRequestsInFlight();
  useEffect(markFirstScreenShown, []);
  return (
    <>
      <TopLoadingBar active={navigation.state !== 'idle' || busy} />
      <Outlet />
    </>
  );
}

/** Errors thrown while loading or rendering a route end on the error page (spec 2.2). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error))
    return <ErrorPage status={error.status} message={error.statusText || undefined} />;
  return <ErrorPage />;
}

/** Shown while the first screen's chunk loads. */
export function InitialLoading() {
  const { t } = useTranslation();
  return <FullPageLoader label={t('web.loading')} />;
}
