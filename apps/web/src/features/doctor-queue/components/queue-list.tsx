import { canCall } from '@klinikita/domain/registrations/registration.rules';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { Badge, Box, Button, Center, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathByName } from '../../../shared/navigation.ts';
import { patientLabel } from '../queue-params.ts';
import { LabReleasedBadge } from './lab-released-badge.tsx';
import { StatusBadge } from './status-move.tsx';

/** `/Doctor/doctor?id=…`: a patient opens on the route named Doctor-doctor (spec 2.8). */
export const doctorPagePath = (id: string) => `${pathByName('Doctor-doctor')}?id=${encodeURIComponent(id)}`;

/**
 * One of the sidebar's two lists: a heading with the count, then the rows, scrolling on their
 * own so that both lists stay in view.
 */
export function QueueList({
  label,
  rows,
  loading,
  excluded,
  emptyLabel,
  selectedId,
  showDates,
  onCall,
  callingId,
}: {
  label: string;
  rows: Registration[];
  loading: boolean;
  /** The filter leaves this list no status to show. */
  excluded: boolean;
  emptyLabel: string;
  selectedId: string | null;
  /** Several days listed: each row says its day. */
  showDates: boolean;
  /** The lower list's Call button. */
  onCall?: (registration: Registration) => void;
  callingId?: string;
}) {
  const { t } = useTranslation();
  const headingId = `doctor-queue-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Stack gap={4} style={{ flex: '1 1 0', minHeight: 96 }}>
      <Group justify="space-between" px={4} wrap="nowrap">
        <Text id={headingId} size="xs" fw={700} tt="uppercase" c="dimmed">
          {label}
        </Text>
        <Badge size="sm" variant="default" aria-hidden>
          {rows.length}
        </Badge>
      </Group>
      {/* the browser's own scrolling (no measuring on each resize, as Mantine's ScrollArea does) */}
      <Box style={{ flex: '1 1 0', overflowY: 'auto', scrollbarWidth: 'thin', scrollbarGutter: 'stable' }}>
        {loading ? (
          <Center py="md">
            <Loader size="xs" />
          </Center>
        ) : rows.length === 0 ? (
          <Text size="xs" c="dimmed" px={4} py="xs">
            {excluded ? t('doctorQueue.excludedByFilter') : emptyLabel}
          </Text>
        ) : (
          <Box component="ul" aria-labelledby={headingId} m={0} p={0} style={{ listStyle: 'none' }}>
            {rows.map((r) => {
              const selected = r._id === selectedId;
              return (
                <Box
                  component="li"
                  key={r._id}
                  mb={2}
                  style={{
                    borderRadius: 'var(--mantine-radius-sm)',
                    background: selected ? 'var(--mantine-primary-color-light)' : undefined,
                    borderLeft: `3px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
                  }}
                >
                  <Group gap={4} wrap="nowrap" pr={4}>
                    <UnstyledButton
                      component={Link}
                      to={doctorPagePath(r._id)}
                      aria-current={selected ? 'page' : undefined}
                      px={6}
                      py={4}
                      style={{ flex: 1, minWidth: 0 }}
                    >
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={700} ff="monospace" style={{ flexShrink: 0 }}>
                          {r.queueNumber}
                        </Text>
                        <Text size="sm" truncate="end" title={patientLabel(r)} fw={selected ? 600 : 400}>
                          {patientLabel(r)}
                        </Text>
                      </Group>
                      <Group gap={6} wrap="nowrap" mt={2}>
                        <StatusBadge status={r.status} />
                        <LabReleasedBadge patientUid={r.patient.uid} open={selected} />
                        {showDates && (
                          <Text size="xs" c="dimmed">
                            {r.queueDate.split('-').reverse().join('/')}
                          </Text>
                        )}
                      </Group>
                    </UnstyledButton>
                    {onCall && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        disabled={!canCall(r.status)}
                        loading={callingId === r._id}
                        aria-label={t('doctorQueue.call.aria', { queueNumber: r.queueNumber })}
                        onClick={() => onCall(r)}
                      >
                        {t('doctorQueue.call.button')}
                      </Button>
                    )}
                  </Group>
                </Box>
              );
            })}
          </Box>
        )}
      </Box>
    </Stack>
  );
}
