import { useLocation, useSearchParams } from 'react-router';
import { pathByName } from '../../../shared/navigation.ts';
import { ExaminationPanel } from '../components/examination-panel.tsx';

/** `/Lab/home-page-lab` and `/Lab/home-page-mcu`: the examination of the patient picked in the sidebar. */
export function LabHomePage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const variant = pathname === pathByName('Lab-home-page-mcu') ? 'mcu' : 'lab';
  return <ExaminationPanel variant={variant} registrationId={params.get('id')} />;
}
