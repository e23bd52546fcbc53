import type { Encounter } from '@klinikita/domain/consultations/encounter.schema';
import { Badge, Card, Collapse, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatNumber, primaryDiagnosis } from './visit-format.ts';

function Visit({ visit }: { visit: Encounter }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const lang = i18n.language;
  const primary = primaryDiagnosis(visit);
  const bp = visit.systolic && visit.diastolic ? `${visit.systolic}/${visit.diastolic}` : '–';
  return (
    <Card withBorder padding={6} radius="sm" component="li" style={{ listStyle: 'none' }}>
      <UnstyledButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-label={`${formatDay(visit.registration.queueDate, lang)} ${primary?.code ?? ''}`}
        w="100%"
      >
        <Group gap={4} wrap="nowrap" align="flex-start">
          {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          <div style={{ flex: 1, minWidth: 0 }}>
            <Group gap={4} justify="space-between" wrap="nowrap">
              <Text size="xs" fw={700}>
                {formatDay(visit.registration.queueDate, lang)}
              </Text>
              {visit.status === 'draft' && (
                <Badge size="xs" variant="light" color="gray">
                  {t('examination.history.draft')}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {visit.doctor?.name ?? visit.clinic.name}
            </Text>
            <Text size="xs" lineClamp={2}>
              {primary ? (
                <>
                  <Text component="span" ff="monospace" fw={700} size="xs">
                    {primary.code}
                  </Text>{' '}
                  {primary.title}
                </>
              ) : (
                t('examination.history.noDiagnosis')
              )}
            </Text>
            <Text size="xs" c="dimmed">
              {t('examination.history.vitals', {
                bp,
                pulse: formatNumber(visit.pulse, lang),
                temp: formatNumber(visit.temperature, lang),
                weight: formatNumber(visit.weight, lang),
              })}
            </Text>
          </div>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        <Stack gap={2} pt={4} pl={18}>
          {(['subjective', 'objective', 'assessment', 'plan'] as const).map((k) =>
            visit[k] ? (
              <Text key={k} size="xs" style={{ whiteSpace: 'pre-wrap' }}>
                <Text component="span" size="xs" fw={700}>
                  {k[0].toUpperCase()}:
                </Text>{' '}
                {visit[k]}
              </Text>
            ) : null,
          )}
          {visit.prescription.length > 0 && (
            <Text size="xs">
              <Text component="span" size="xs" fw={700}>
                R/
              </Text>{' '}
              {visit.prescription.map((p) => `${p.name} ${p.frequency}`).join('; ')}
            </Text>
          )}
        </Stack>
      </Collapse>
    </Card>
  );
}

/** The patient's last visits beside the note: date, doctor, primary diagnosis, vitals. */
export const HistoryPanel = memo(function HistoryPanel({
  visits,
  loading,
  failed,
}: {
  visits: readonly Encounter[];
  loading: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card padding="sm" component="aside" aria-labelledby="visit-history-title">
      <Title order={3} size="h5" id="visit-history-title" mb={6}>
        {t('examination.history.title')}
      </Title>
      {loading ? (
        <Loader size="xs" />
      ) : failed ? (
        <Text size="sm" c="red.7">
          {t('examination.history.failed')}
        </Text>
      ) : visits.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('examination.history.empty')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0}>
          {visits.map((v) => (
            <Visit key={v.uid} visit={v} />
          ))}
        </Stack>
      )}
    </Card>
  );
});
