import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { Badge, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LabOrderSummary } from './lab-results-order.tsx';

/** The patient of the examination: queue number, name, visit fields, and the order or complaint. */
export function PatientBanner({ reg, lab }: { reg: Registration; lab: boolean }) {
  const { t } = useTranslation();
  const none = t('labQueue.page.none');
  const p = reg.patient;
  const payer = reg.company?.name ?? reg.insuranceName ?? t(`labQueue.page.payer${reg.payerType}`);
  const fields: { label: string; value: ReactNode }[] = [
    { label: t('labQueue.page.mrn'), value: p.mrn },
    { label: t('labQueue.page.age'), value: t('labQueue.page.ageValue', p.age) },
    { label: t('labQueue.page.sex'), value: t(`labQueue.page.sex${p.sex}`) },
    { label: t('labQueue.page.payer'), value: payer },
    { label: t('labQueue.page.service'), value: reg.serviceType ?? none },
    { label: t('labQueue.page.status'), value: t(`registrations.statuses.${reg.status}`) },
    { label: t('labQueue.page.referrer'), value: reg.referrer || none },
    ...(reg.doctor ? [{ label: t('labQueue.page.doctor'), value: reg.doctor.name }] : []),
  ];
  const complaint = (
    <>
      <Text size="xs" c="dimmed" mt="xs">
        {t('labQueue.page.complaint')}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {reg.complaint || none}
      </Text>
    </>
  );
  return (
    <Card withBorder padding="md" data-testid="patient-banner">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <Badge
          size="xl"
          radius="sm"
          variant="filled"
          ff="monospace"
          title={t('labQueue.page.queueNumber')}
          aria-label={`${t('labQueue.page.queueNumber')} ${reg.queueNumber}`}
        >
          {reg.queueNumber}
        </Badge>
        <div>
          <Title order={3}>{p.title ? `${p.title}. ${p.name}` : p.name}</Title>
          <Text size="sm" c="dimmed">
            {p.mrn} · {p.dob}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        {fields.map((f) => (
          <div key={f.label}>
            <Text size="xs" c="dimmed">
              {f.label}
            </Text>
            <Text size="sm" fw={500}>
              {f.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {lab ? <LabOrderSummary registrationId={reg._id} fallback={complaint} /> : complaint}
    </Card>
  );
}
