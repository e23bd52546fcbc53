import type { SatusehatLocation } from '@klinikita/domain/satusehat/satusehat-settings.schema';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useRegisterSatusehatLocation, useSatusehatLocations } from '../api/satusehat-settings.ts';

const STATE_COLOR = { registered: 'teal', missing: 'gray', failed: 'red' } as const;

type Run =
  | { phase: 'running'; done: number; total: number }
  | { phase: 'finished'; registered: number; total: number; failed: number }
  | { phase: 'stopped'; message: string };

/**
 * The clinic's rooms and poli and their Location ids at SATUSEHAT. "Daftarkan lokasi" sends the
 * ones not registered yet one by one, so the screen shows how far it got; the server skips
 * whatever is registered already, so running it twice does no harm.
 */
export function LocationsCard({ clinicId, ready }: { clinicId: number; ready: boolean }) {
  const { t } = useTranslation();
  const list = useSatusehatLocations(clinicId);
  const register = useRegisterSatusehatLocation();
  const [run, setRun] = useState<Run | null>(null);
  const locations = list.data?.locations ?? [];
  const pending = locations.filter((l) => l.state !== 'registered');
  const running = run?.phase === 'running';

  async function registerAll() {
    const todo = pending.map((l) => l.name);
    let last: SatusehatLocation[] = locations;
    setRun({ phase: 'running', done: 0, total: todo.length });
    try {
      for (const [i, name] of todo.entries()) {
        const answer = await register.mutateAsync({ body: { clinicId, name } });
        last = answer.data?.locations ?? last;
        setRun({ phase: 'running', done: i + 1, total: todo.length });
      }
      setRun({
        phase: 'finished',
        registered: last.filter((l) => l.state === 'registered').length,
        total: last.length,
        failed: last.filter((l) => l.state === 'failed').length,
      });
    } catch (error) {
      if (!(error instanceof ApiError) || isUnexpectedError(error)) {
        setRun(null);
        void reportUnexpectedError(error);
      } else setRun({ phase: 'stopped', message: error.message });
    } finally {
      await list.refetch();
    }
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div style={{ flex: 1, minWidth: 260 }}>
            <Title order={3}>{t('satusehatSettings.locations')}</Title>
            <Text size="sm" c="dimmed">
              {t('satusehatSettings.locationsHint')}
            </Text>
          </div>
          <Button
            onClick={registerAll}
            loading={running}
            disabled={!ready || !pending.length || list.isLoading}
          >
            {t('satusehatSettings.registerLocations')}
          </Button>
        </Group>
        {!ready && (
          <Text size="sm" c="dimmed">
            {t('satusehatSettings.notReady')}
          </Text>
        )}
        {run?.phase === 'running' && (
          <Stack gap={4} role="status">
            <Text size="sm">{t('satusehatSettings.registering', { done: run.done, total: run.total })}</Text>
            <Progress value={run.total ? (run.done / run.total) * 100 : 0} animated />
          </Stack>
        )}
        {run?.phase === 'finished' && (
          <Alert color={run.failed ? 'orange' : 'teal'} variant="light" role="status">
            {t('satusehatSettings.registerDone', { registered: run.registered, total: run.total })}
            {run.failed > 0 && ` ${t('satusehatSettings.registerFailed', { failed: run.failed })}`}
          </Alert>
        )}
        {run?.phase === 'stopped' && (
          <Alert color="red" variant="light" role="status">
            {translateMessage(run.message)}
          </Alert>
        )}
        {list.isLoading ? (
          <Group justify="center" p="md">
            <Loader size="sm" />
          </Group>
        ) : list.isError ? (
          <Group justify="center" p="md" gap="sm">
            <Text c="red" size="sm">
              {t('satusehatSettings.loadFailed')}
            </Text>
            <Button size="xs" variant="light" onClick={() => list.refetch()}>
              {t('satusehatSettings.retry')}
            </Button>
          </Group>
        ) : !locations.length ? (
          <Text size="sm" c="dimmed">
            {t('satusehatSettings.noLocations')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing={6} aria-label={t('satusehatSettings.locationsTable')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('satusehatSettings.columns.name')}</Table.Th>
                  <Table.Th>{t('satusehatSettings.columns.kind')}</Table.Th>
                  <Table.Th>{t('satusehatSettings.columns.code')}</Table.Th>
                  <Table.Th>{t('satusehatSettings.columns.locationId')}</Table.Th>
                  <Table.Th>{t('satusehatSettings.columns.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {locations.map((l) => (
                  <Table.Tr key={l.name}>
                    <Table.Td fw={500}>{l.name}</Table.Td>
                    <Table.Td>{t(`satusehatSettings.kinds.${l.kind}`)}</Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace">
                        {l.code}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace">
                        {l.locationId ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATE_COLOR[l.state]} variant="light">
                        {t(`satusehatSettings.states.${l.state}`)}
                      </Badge>
                      {l.error && (
                        <Text size="xs" c="red" mt={2}>
                          {l.error}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
