import { canAccessRoute, firstRoute, type MenuAccess, type MenuItem } from './menu.ts';
import { ROLES } from './roles.ts';
import { matchRoute } from './routes.ts';

export const LOGIN_ROUTE = '/';
export const AUTHENTICATION_ROUTE = '/authentication';
export const NO_PERMISSION_ROUTE = '/ErrorAuth/error';

/** What the route guards need to know about the logged-in user. */
export interface GuardUser {
  role: string;
  access: readonly MenuAccess[];
}

/**
 * Spec 6 names the guards but not the pages they sit on. The doctor's own pages (agenda, own
 * patients, letters) take the doctor guard; the examination screen does not, because spec 2.8
 * gives its sidebar a Home button for Nurse and Super Admin, who work there too.
 */
const isDoctorRoute = (path: string) => path.startsWith('/Doctor/') && path !== '/Doctor/doctor';
const isRegistrationRoute = (path: string) => path === '/Registration/patient';
/** The front office: Registration and Super Admin (spec 6), and Nurse, whom spec 2.8's Home button sends there. */
const REGISTRATION_ROLES: readonly string[] = [ROLES.registration, ROLES.superAdmin, ROLES.nurse];

/** Whether the role guards (doctor, registration) let this role open the route; the menu check aside. */
export function passesRoleGuards(role: string, path: string): boolean {
  if (isDoctorRoute(path) && role !== ROLES.doctor) return false;
  if (isRegistrationRoute(path) && !REGISTRATION_ROLES.includes(role)) return false;
  return true;
}

/**
 * The front-end guards of spec 6, in order: no user → login; a logged-in user on the login page →
 * authentication; the doctor guard (/Doctor/*: Doctor only); the registration guard (front office:
 * Registration or Super Admin); then the menu-based route check. Returns where to go, or null to
 * let the navigation through.
 */
export function guardRedirect(user: GuardUser | null, pathname: string): string | null {
  const path = matchRoute(pathname)?.path ?? pathname;
  if (!user) return path === LOGIN_ROUTE ? null : LOGIN_ROUTE;
  if (path === LOGIN_ROUTE) return AUTHENTICATION_ROUTE;
  if (!passesRoleGuards(user.role, path)) return AUTHENTICATION_ROUTE;
  if (!canAccessRoute(user.role, user.access, pathname)) return NO_PERMISSION_ROUTE;
  return null;
}

/** Quick-setup step for an unfinished setup (spec 4): 'facility' → the facility step, else the step named after the status. */
export function quickSetupRoute(statusSetup: string): string | null {
  if (!statusSetup || statusSetup === 'done') return null;
  if (statusSetup === 'facility') return '/QuickSetup/quick-setup-clinic-facility';
  return `/QuickSetup/quick-setup-clinic-${statusSetup}`;
}

/** Where /authentication sends a user after login: an unfinished quick setup first, then the first menu route. */
export function landingRoute(statusSetup: string, menu: readonly MenuItem[]): string | null {
  return quickSetupRoute(statusSetup) ?? firstRoute(menu);
}
