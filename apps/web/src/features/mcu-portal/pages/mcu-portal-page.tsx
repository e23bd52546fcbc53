import { toDDMMYYYY } from '@klinikita/domain/common/dates';
import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type McuPortalEvent, usePortalEvents } from '../api/mcu-portal-api.ts';
import { EventProgress } from '../components/event-progress.tsx';
import { InvoicesTable } from '../components/invoices-table.tsx';
import { ParticipantsTable } from '../components/participants-table.tsx';
import { RecapDownload } from '../components/recap-download.tsx';

function EventCard({ event, onOpen }: { event: McuPortalEvent; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={600}>{event.name}</Text>
            <Text size="sm" c="dimmed">
              {event.clinicName} · {toDDMMYYYY(event.startDate)} – {toDDMMYYYY(event.endDate)} ·{' '}
              {t(`mcuPortal.screen.examType.${event.examType}`)}
            </Text>
          </div>
          <Button size="xs" variant="light" onClick={onOpen}>
            {t('mcuPortal.screen.open')}
          </Button>
        </Group>
        <EventProgress progress={event.progress} />
        <Text size="xs" c="dimmed">
          {t('mcuPortal.screen.participantsCount', {
            approved: event.progress.approved,
            total: event.progress.total,
          })}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * `/Portal/mcu` (issue 20 §8; not a route of the spec): the partner company's HR user sees its own
 * company's MCU events with their progress, an event's participants with their categories (the
 * medical details only with the participant's consent) and the company's invoices.
 */
export function McuPortalPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const events = usePortalEvents();
  const chosen = params.get('event');
  const event = events.data?.events.find((e) => e.uid === chosen) ?? null;
  const open = (uid: string | null) => setParams(uid ? { event: uid } : {});

  return (
    <Stack gap="md">
      <Card padding="lg">
        <Title order={3}>{t('mcuPortal.screen.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('mcuPortal.screen.subtitle', { company: events.data?.company.name ?? '' })}
        </Text>
      </Card>
      {events.isError && (
        <Alert color="red" title={t('mcuPortal.screen.failed')}>
          {events.error.message}
        </Alert>
      )}
      {events.isPending && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('mcuPortal.screen.loading')}</Text>
        </Group>
      )}
      {event ? (
        <Card padding="lg">
          <Stack gap="sm">
            <Anchor component="button" type="button" size="sm" onClick={() => open(null)}>
              <Group gap={4}>
                <IconArrowLeft size={14} />
                {t('mcuPortal.screen.back')}
              </Group>
            </Anchor>
            <Group justify="space-between" align="center" wrap="wrap">
              <Title order={4}>
                {t('mcuPortal.screen.participants')}: {event.name}
              </Title>
              <RecapDownload eventUid={event.uid} />
            </Group>
            <EventProgress progress={event.progress} />
            <ParticipantsTable eventUid={event.uid} />
          </Stack>
        </Card>
      ) : (
        events.data && (
          <Card padding="lg">
            <Stack gap="sm">
              <Title order={4}>{t('mcuPortal.screen.events')}</Title>
              {events.data.events.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t('mcuPortal.screen.noEvents')}
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 1, lg: 2 }}>
                  {events.data.events.map((e) => (
                    <EventCard key={e.uid} event={e} onOpen={() => open(e.uid)} />
                  ))}
                </SimpleGrid>
              )}
            </Stack>
          </Card>
        )
      )}
      <Card padding="lg">
        <Stack gap="sm">
          <Title order={4}>{t('mcuPortal.screen.invoices')}</Title>
          <InvoicesTable />
        </Stack>
      </Card>
    </Stack>
  );
}
