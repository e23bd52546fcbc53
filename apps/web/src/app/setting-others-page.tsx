import { Stack } from '@mantine/core';
import { AuditLogPage } from '../features/emr/pages/audit-log-page.tsx';
import { ParkedEventsCard } from '../features/settings/components/parked-events-card.tsx';
import { usePermissions } from '../shared/session/permissions.ts';

/** `/Setting/others`: the audit log, and the automatic processes for whoever may replay their events. */
export function SettingOthersPage() {
  const permissions = usePermissions();
  return (
    <Stack gap="lg">
      <AuditLogPage />
      {permissions.has('event.manage') && <ParkedEventsCard />}
    </Stack>
  );
}
