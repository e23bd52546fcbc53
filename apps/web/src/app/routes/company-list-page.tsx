import { SegmentedControl } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { McuEventsPage } from '../../features/mcu-events/pages/mcu-events-page.tsx';
import { CompanyListPage } from '../../features/partner-companies/pages/company-pages.tsx';
import { usePermissions } from '../../shared/session/permissions.ts';

type View = 'companies' | 'mcu';

/**
 * `/Registration/daftarPerusahaan`: the partner companies read only (with `company.read`: the
 * cashier's list of companies, their employees and terms) and the companies' MCU events (with
 * `mcu.read`, issue 20 §2), one above the other's switch when the user may see both. Each screen
 * keeps its own address parameters (`?uid=` a company, `?event=` / `?tab=` the MCU screen); the
 * switch follows them, so a link or Back lands on the right one.
 */
export function CompanyListRoute() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const companies = permissions.has('company.read');
  const mcu = permissions.has('mcu.read');
  const [params, setParams] = useSearchParams();
  const fromParams: View | null = params.has('uid')
    ? 'companies'
    : params.has('event') || params.has('tab')
      ? 'mcu'
      : null;
  const [chosen, setChosen] = useState<View>(mcu ? 'mcu' : 'companies');
  useEffect(() => {
    if (fromParams) setChosen(fromParams);
  }, [fromParams]);
  const view = fromParams ?? chosen;

  if (!companies || !mcu) return mcu ? <McuEventsPage /> : <CompanyListPage />;
  return (
    <>
      <SegmentedControl
        mb="sm"
        aria-label={t('partnerCompanies.screen.titleList')}
        value={view}
        onChange={(v) => {
          setChosen(v as View);
          setParams({});
        }}
        data={[
          { value: 'mcu', label: t('mcuSetup.screen.tabEvents') },
          { value: 'companies', label: t('partnerCompanies.screen.titleList') },
        ]}
      />
      {view === 'mcu' ? <McuEventsPage /> : <CompanyListPage />}
    </>
  );
}
