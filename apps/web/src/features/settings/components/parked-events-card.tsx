import type { Locale } from '@klinikita/domain/i18n/locale';
import type { ParkedEvent } from '@klinikita/domain/outbox/outbox.schema';
import { Badge, Button, Card, Checkbox, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ListFooter, PagedTable, TableState } from '../../../shared/ui/paged-table.tsx';
import { useEventConsumers, useParkedEvents, useReplayParked } from '../api/outbox.ts';

const PAGE_SIZE = 20;

/**
 * Setting → Lainnya: the automatic processes behind a finished examination (orders to the service
 * queues, referral letters, screen updates), how far behind each is, and the events they gave up
 * on, each with its error and a button to process it again.
 */
export function ParkedEventsCard() {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const locale = (i18n.language === 'en' ? 'en' : 'id') as Locale;
  const [showReplayed, setShowReplayed] = useState(false);
  const [page, setPage] = useState(1);
  const consumers = useEventConsumers(true);
  const parked = useParkedEvents({ open: showReplayed ? 'false' : 'true', page, limit: PAGE_SIZE }, true);
  const replay = useReplayParked();

  const run = (event: ParkedEvent) =>
    replay.mutate(
      { params: { id: event.id } },
      {
        onSuccess: (res) => notifications.show({ color: 'teal', message: translateMessage(res.message) }),
        onError: (error) => {
          if (error instanceof ApiError && error.status > 0 && error.status < 500)
            notifications.show({ color: 'orange', message: translateMessage(error.message) });
          else void reportUnexpectedError(error);
        },
      },
    );

  const name = (consumer: string) => t(`outbox.names.${consumer}`, { defaultValue: consumer });
  const docs = parked.data?.docs ?? [];
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <div>
          <Title order={3}>{t('outbox.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('outbox.subtitle')}
          </Text>
        </div>
        <Group gap="xs" aria-label={t('outbox.consumers')} role="list">
          {(consumers.data ?? []).map((c) => (
            <Badge
              key={c.name}
              role="listitem"
              size="lg"
              radius="sm"
              variant="light"
              color={c.lastError ? 'orange' : 'teal'}
              title={c.lastError ?? undefined}
            >
              {name(c.name)} · {c.behind > 0 ? `${t('outbox.behind')} ${c.behind}` : t('outbox.healthy')}
            </Badge>
          ))}
        </Group>
        <Group justify="space-between">
          <Title order={4}>{t('outbox.parked')}</Title>
          <Checkbox
            label={t('outbox.showReplayed')}
            checked={showReplayed}
            onChange={(e) => {
              setShowReplayed(e.currentTarget.checked);
              setPage(1);
            }}
          />
        </Group>
        <PagedTable
          label={t('outbox.parked')}
          minWidth={860}
          fetching={parked.isFetching}
          stale={parked.isPlaceholderData}
          head={
            <>
              <Table.Th>{t('outbox.parkedAt')}</Table.Th>
              <Table.Th>{t('outbox.consumer')}</Table.Th>
              <Table.Th>{t('outbox.event')}</Table.Th>
              <Table.Th>{t('outbox.error')}</Table.Th>
              <Table.Th>{t('outbox.attempts')}</Table.Th>
              <Table.Th />
            </>
          }
        >
          <TableState
            columns={6}
            loading={parked.isLoading}
            failed={parked.isError && !parked.data}
            empty={docs.length === 0}
            filtered={false}
            emptyLabel={t('outbox.parkedEmpty')}
            onClearFilters={() => undefined}
          />
          {docs.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(p.parkedAt, locale, user.timeZone)}
              </Table.Td>
              <Table.Td>{name(p.consumer)}</Table.Td>
              <Table.Td>
                <Text size="sm">{t(`outbox.types.${p.event.type}`, { defaultValue: p.event.type })}</Text>
                <Code>{p.event.aggregateId}</Code>
              </Table.Td>
              <Table.Td maw={320}>
                <Text size="xs" c="red.8" lineClamp={3}>
                  {p.error}
                </Text>
              </Table.Td>
              <Table.Td>{p.attempts}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {p.replayedAt ? (
                  <Text size="xs" c="dimmed">
                    {t('outbox.replayedAt', { at: formatDateTime(p.replayedAt, locale, user.timeZone) })}
                  </Text>
                ) : (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconRefresh size={14} />}
                    loading={replay.isPending && replay.variables?.params.id === p.id}
                    onClick={() => run(p)}
                  >
                    {t('outbox.replay')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </PagedTable>
        {parked.data && parked.data.totalDocs > PAGE_SIZE && (
          <ListFooter
            page={parked.data.page}
            totalPages={parked.data.totalPages}
            limit={parked.data.limit}
            totalDocs={parked.data.totalDocs}
            onPage={setPage}
          />
        )}
      </Stack>
    </Card>
  );
}
