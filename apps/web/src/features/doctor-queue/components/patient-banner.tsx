import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
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
 * Who the doctor is examining: name, MRN, age, sex, payer, allergies (a red box, never missed),
 * queue number, status, complaint and referrer, in few lines so the note starts high on the
 * screen. `actions` sit at the right of the name.
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
    <Card padding="sm" aria-label={patientLabel(r)} component="section">
      <Stack gap={8}>
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
          <Group
            gap={8}
            wrap="nowrap"
            px="sm"
            py={6}
            bg="red.0"
            c="red.9"
            role="alert"
            data-testid="allergies"
            style={{
              border: '1px solid var(--mantine-color-red-6)',
              borderRadius: 'var(--mantine-radius-sm)',
            }}
          >
            <IconAlertTriangle size={20} color="var(--mantine-color-red-7)" style={{ flexShrink: 0 }} />
            <Text size="md" fw={800} c="red.9">
              {t('doctorQueue.banner.allergies')}: {r.patient.allergies}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" data-testid="allergies">
            {t('doctorQueue.banner.noAllergies')}
          </Text>
        )}
        <Group gap="lg" align="flex-start" style={{ rowGap: 4 }}>
          <Fact label={t('doctorQueue.banner.ageLabel')}>
            {t('doctorQueue.banner.age', { years: r.patient.age.years, months: r.patient.age.months })}
          </Fact>
          <Fact label={t('doctorQueue.banner.sex')}>{t(`doctorQueue.banner.sex${r.patient.sex}`)}</Fact>
          <Fact label={t('doctorQueue.banner.payer')}>{payer}</Fact>
          <Fact label={t('doctorQueue.banner.doctor')}>{r.doctor?.name ?? none}</Fact>
          <Fact label={t('doctorQueue.banner.room')}>{r.room}</Fact>
          <Fact label={t('doctorQueue.banner.referrer')}>{r.referrer || none}</Fact>
          <div style={{ flex: '1 1 220px', minWidth: 0 }}>
            <Fact label={t('doctorQueue.banner.complaint')}>{r.complaint || none}</Fact>
          </div>
        </Group>
      </Stack>
    </Card>
  );
}
