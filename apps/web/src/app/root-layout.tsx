import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Outlet, useNavigation, useRouteError } from 'react-router';
import { ErrorPage } from '../shared/ui/error-page.tsx';
import { FullPageLoader } from '../shared/ui/full-page-loader.tsx';
import { TopLoadingBar } from '../shared/ui/top-loading-bar.tsx';

/** Wraps every route: the loading bar during navigation and while requests are in flight. */
export function RootLayout() {
  const navigation = useNavigation();
  const busy = useIsFetching() + useIsMutating() > 0;
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
