import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { patientLabel } from '../queue-params.ts';
import { StatusBadge } from './status-move.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}

/**
 * Who the doctor is examining: name, MRN, age, sex, payer, allergies (in red), queue number,
 * status, complaint and referrer. `actions` sit at the right of the name.
 */
export function PatientBanner({
  registration: r,
  actions,
}: {
  registration: Registration;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  const none = t('doctorQueue.banner.none');
  const payer =
    r.payerType === 'company' && r.company
      ? `${t('doctorQueue.banner.payercompany')} · ${r.company.name}`
      : r.payerType === 'insurance' && r.insuranceName
        ? `${t('doctorQueue.banner.payerinsurance')} · ${r.insuranceName}`
        : t(`doctorQueue.banner.payer${r.payerType}`);
  return (
    <Card padding="md" aria-label={patientLabel(r)} component="section">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="md">
          <Group gap="sm" align="center" wrap="nowrap">
            <Badge
              size="xl"
              radius="sm"
              variant="filled"
              ff="monospace"
              aria-label={`${t('doctorQueue.banner.queueNumber')} ${r.queueNumber}`}
            >
              {r.queueNumber}
            </Badge>
            <div>
              <Title order={2} size="h3">
                {patientLabel(r)}
              </Title>
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {t('doctorQueue.banner.mrn')} {r.patient.mrn}
                </Text>
                <StatusBadge status={r.status} size="sm" />
              </Group>
            </div>
          </Group>
          <Group gap="xs">{actions}</Group>
        </Group>
        {r.patient.allergies ? (
          <Group gap={6} wrap="nowrap" c="red.7" data-testid="allergies">
            <IconAlertTriangle size={16} />
            <Text size="sm" fw={700} c="red.7">
              {t('doctorQueue.banner.allergies')}: {r.patient.allergies}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" data-testid="allergies">
            {t('doctorQueue.banner.noAllergies')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" verticalSpacing="xs">
          <Fact label={t('doctorQueue.banner.ageLabel')}>
            {t('doctorQueue.banner.age', { years: r.patient.age.years, months: r.patient.age.months })}
          </Fact>
          <Fact label={t('doctorQueue.banner.sex')}>{t(`doctorQueue.banner.sex${r.patient.sex}`)}</Fact>
          <Fact label={t('doctorQueue.banner.payer')}>{payer}</Fact>
          <Fact label={t('doctorQueue.banner.doctor')}>{r.doctor?.name ?? none}</Fact>
          <Fact label={t('doctorQueue.banner.room')}>{r.room}</Fact>
          <Fact label={t('doctorQueue.banner.referrer')}>{r.referrer || none}</Fact>
        </SimpleGrid>
        <Fact label={t('doctorQueue.banner.complaint')}>{r.complaint || none}</Fact>
      </Stack>
    </Card>
  );
}
