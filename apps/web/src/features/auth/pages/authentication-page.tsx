import { landingRoute } from '@klinikita/domain/access/guards';
import { Navigate } from 'react-router';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { WelcomePanel } from '../components/welcome-panel.tsx';

/** `/authentication`: after login, an unfinished quick setup first, then the first menu route. */
export function AuthenticationPage() {
  const user = useSessionUser();
  const target = landingRoute(user.statusSetup, user.menu);
  if (target) return <Navigate to={target} replace />;
  return <WelcomePanel user={user} />;
}
