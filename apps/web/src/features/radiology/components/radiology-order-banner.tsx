import type { RadiologyWork } from '@klinikita/domain/radiology/radiology.schema';
import { Badge, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The radiology order: examination, accession number, modality, doctor, diagnosis, note. */
export function RadiologyOrderBanner({ work }: { work: RadiologyWork }) {
  const { t } = useTranslation();
  const none = t('radiology.page.none');
  const o = work.order;
  const fields = [
    { label: t('radiology.page.accession'), value: work.accessionNumber, mono: true },
    { label: t('radiology.page.modality'), value: t(`radiology.modality.${work.modality}`) },
    {
      label: t('radiology.page.doctor'),
      value: [o.doctorName, o.clinicName].filter(Boolean).join(' · ') || none,
    },
    { label: t('radiology.page.diagnosis'), value: o.diagnosis ?? none },
  ];
  return (
    <Card withBorder padding="md" data-testid="radiology-order">
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Text fw={600}>{t('radiology.page.order')}</Text>
          {o.cito && (
            <Badge color="red" title={t('radiology.page.citoHint')}>
              {t('radiology.page.cito')}
            </Badge>
          )}
        </Group>
      </Group>
      <Title order={4} mb="xs" data-testid="radiology-examination">
        {work.examination}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        {fields.map((f) => (
          <div key={f.label}>
            <Text size="xs" c="dimmed">
              {f.label}
            </Text>
            <Text
              size="sm"
              fw={500}
              ff={f.mono ? 'monospace' : undefined}
              data-testid={f.mono ? 'accession' : undefined}
            >
              {f.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {o.note && (
        <>
          <Text size="xs" c="dimmed" mt="xs">
            {t('radiology.page.note')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {o.note}
          </Text>
        </>
      )}
    </Card>
  );
}
