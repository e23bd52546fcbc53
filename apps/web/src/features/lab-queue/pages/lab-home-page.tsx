import { useLocation, useSearchParams } from 'react-router';
import { pathByName } from '../../../shared/navigation.ts';
import { ExaminationPanel } from '../components/examination-panel.tsx';

/** `/Lab/home-page-lab`, `/Lab/home-page-mcu` and `/Radiology`: the examination of the patient picked in the sidebar. */
export function LabHomePage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const variant =
    pathname === pathByName('Lab-home-page-mcu')
      ? 'mcu'
      : pathname === pathByName('Radiology')
        ? 'radiology'
        : 'lab';
  return <ExaminationPanel variant={variant} registrationId={params.get('id')} />;
}
