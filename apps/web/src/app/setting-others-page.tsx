import { Stack } from '@mantine/core';
import { BillingConsistencyCard } from '../features/accounting/components/billing-consistency-card.tsx';
import { AuditLogPage } from '../features/emr/pages/audit-log-page.tsx';
import { ParkedEventsCard } from '../features/settings/components/parked-events-card.tsx';
import { usePermissions } from '../shared/session/permissions.ts';

/**
 * `/Setting/others`: the audit log, the automatic processes for whoever may replay their events,
 * and the billing consistency check for whoever keeps the billing settings.
 */
export function SettingOthersPage() {
  const permissions = usePermissions();
  return (
    <Stack gap="lg">
      <AuditLogPage />
      {permissions.has('billing.manage') && <BillingConsistencyCard />}
      {permissions.has('event.manage') && <ParkedEventsCard />}
    </Stack>
  );
}
