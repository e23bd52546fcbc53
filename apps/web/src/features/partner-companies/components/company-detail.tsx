import { Alert, Badge, Button, Card, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useCompany, useDeactivateCompany } from '../api/partner-companies-api.ts';
import { CompanyForm } from './company-form.tsx';
import { formatNpwp } from './company-format.ts';
import { ContractPricesTab } from './contract-prices-tab.tsx';
import { EmployeesTab } from './employees-tab.tsx';
import { PortalUsersTab } from './portal-users-tab.tsx';

/**
 * One company: Profil, Syarat kredit & cakupan, Harga kontrak and (for who keeps the companies)
 * Karyawan, and its HR's Akun portal. Without `manage` the same tabs read only.
 */
export function CompanyDetail({ uid, manage, onBack }: { uid: string; manage: boolean; onBack: () => void }) {
  const { t } = useTranslation();
  const s = (key: string, params: Record<string, unknown> = {}) =>
    t(`partnerCompanies.screen.${key}`, params);
  const company = useCompany(uid);
  const deactivate = useDeactivateCompany();
  const c = company.data;

  const confirmDeactivate = () =>
    c &&
    modals.openConfirmModal({
      title: s('deactivate'),
      children: <Text size="sm">{s('deactivateConfirm', { name: c.name })}</Text>,
      labels: { confirm: s('deactivate'), cancel: s('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deactivate.mutate(
          { params: { uid } },
          {
            onSuccess: (answer) =>
              notifications.show({ color: 'teal', message: translateMessage(answer.message) }),
          },
        ),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack} px={0}>
          {s('back')}
        </Button>
        {manage && c?.active && (
          <Button
            variant="light"
            color="red"
            size="xs"
            onClick={confirmDeactivate}
            loading={deactivate.isPending}
          >
            {s('deactivate')}
          </Button>
        )}
      </Group>
      {company.isLoading && <Loader size="sm" />}
      {company.isError && <Alert color="red">{s('loadFailed')}</Alert>}
      {c && (
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Group gap="sm">
              <Title order={3}>{c.name}</Title>
              <Badge color={c.active ? 'teal' : 'gray'} variant="light">
                {c.active ? s('active') : s('inactive')}
              </Badge>
              {!manage && <Badge variant="outline">{s('readOnly')}</Badge>}
            </Group>
            <Text size="sm" c="dimmed">
              {[c.legalName, c.npwp && `NPWP ${formatNpwp(c.npwp)}`, c.city].filter(Boolean).join(' · ') ||
                '–'}
            </Text>
            <Tabs defaultValue="profile" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="profile">{s('tabProfile')}</Tabs.Tab>
                <Tabs.Tab value="terms">{s('tabTerms')}</Tabs.Tab>
                <Tabs.Tab value="prices">{s('tabPrices')}</Tabs.Tab>
                {manage && <Tabs.Tab value="employees">{s('tabEmployees')}</Tabs.Tab>}
                <Tabs.Tab value="portalUsers">{s('tabPortalUsers')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="profile" pt="sm">
                <CompanyForm key={`p-${c.uid}`} company={c} part="profile" readOnly={!manage} />
              </Tabs.Panel>
              <Tabs.Panel value="terms" pt="sm">
                <CompanyForm key={`t-${c.uid}`} company={c} part="terms" readOnly={!manage} />
              </Tabs.Panel>
              <Tabs.Panel value="prices" pt="sm">
                <ContractPricesTab companyUid={c.uid} manage={manage} />
              </Tabs.Panel>
              {manage && (
                <Tabs.Panel value="employees" pt="sm">
                  <EmployeesTab companyUid={c.uid} />
                </Tabs.Panel>
              )}
              <Tabs.Panel value="portalUsers" pt="sm">
                <PortalUsersTab companyUid={c.uid} manage={manage} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
