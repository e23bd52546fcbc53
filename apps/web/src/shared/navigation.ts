import { routeByName } from '@klinikita/domain/access/routes';
import { useCallback } from 'react';
import { generatePath, type NavigateOptions, useNavigate } from 'react-router';

/** Path of a named route (spec 2.1), Nuxt-style: 'Doctor-doctor' → '/Doctor/doctor'. */
export function pathByName(name: string, params: Record<string, string> = {}): string {
  const route = routeByName(name);
  if (!route) throw new Error(`Unknown route name: ${name}`);
  return generatePath(route.path, params);
}

/** Navigation by route name, e.g. `navigateByName('Lab-home-page-mcu')`. */
export function useNavigateByName() {
  const navigate = useNavigate();
  return useCallback(
    (name: string, params?: Record<string, string>, options?: NavigateOptions) =>
      navigate(pathByName(name, params), options),
    [navigate],
  );
}
