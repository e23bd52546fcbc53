import type { SatusehatDelivery } from '@klinikita/domain/satusehat/satusehat-sync.schema';
import { Anchor, Button, Code, Stack, Table, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { SatusehatStateBadge } from '../../../shared/satusehat/satusehat-state-badge.tsx';
import { DeliveryMessage } from './delivery-message.tsx';

/** When it was tried, and when it is tried next (waiting) or was accepted. */
function Timing({ delivery: d, timeZone }: { delivery: SatusehatDelivery; timeZone: string }) {
  const { t } = useTranslation();
  const at = (iso: string) => formatDateTime(iso, currentLocale(), timeZone);
  return (
    <Stack gap={0}>
      <Text size="xs">
        {d.lastAttemptAt
          ? t('satusehatSync.lastAttempt', { at: at(d.lastAttemptAt) })
          : t('satusehatSync.neverSent')}
      </Text>
      {d.nextAttemptAt && (
        <Text size="xs" c="dimmed">
          {t('satusehatSync.nextAttempt', { at: at(d.nextAttemptAt) })}
        </Text>
      )}
      {d.acceptedAt && (
        <Text size="xs" c="dimmed">
          {t('satusehatSync.acceptedAt', { at: at(d.acceptedAt) })}
        </Text>
      )}
    </Stack>
  );
}

/** How many of a delivery's platform ids show before "+n lainnya" (a lab report holds dozens). */
const IDS_SHOWN = 3;

/** A long platform id (a UUID) to its first 8 characters; the whole id is in the line's title. */
const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

/** The resources the platform took, each with its id; a long list folds after the first few. */
function PlatformIds({ ids }: { ids: SatusehatDelivery['platformIds'] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const shown = open ? ids : ids.slice(0, IDS_SHOWN);
  return (
    <Stack gap={2}>
      {shown.map((p) => (
        <Text
          key={`${p.resourceType}/${p.id}`}
          size="xs"
          title={`${p.local}: ${p.id}`}
          style={{ whiteSpace: 'nowrap' }}
        >
          {p.resourceType} <Code>{shortId(p.id)}</Code>
        </Text>
      ))}
      {ids.length > IDS_SHOWN && (
        <Anchor component="button" type="button" size="xs" ta="left" onClick={() => setOpen((o) => !o)}>
          {open ? t('satusehatSync.fewerIds') : t('satusehatSync.moreIds', { count: ids.length - IDS_SHOWN })}
        </Anchor>
      )}
    </Stack>
  );
}

/** A clinic day's deliveries; refused and blocked rows offer "Kirim ulang" after a correction. */
export function DeliveryTable({
  deliveries,
  timeZone,
  resending,
  onResend,
}: {
  deliveries: SatusehatDelivery[];
  timeZone: string;
  /** The delivery whose resend is under way */
  resending: string | null;
  onResend: (delivery: SatusehatDelivery) => void;
}) {
  const { t } = useTranslation();
  const col = (key: string) => t(`satusehatSync.columns.${key}`);
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="xs" aria-label={t('satusehatSync.table')} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{col('visit')}</Table.Th>
            <Table.Th>{col('kind')}</Table.Th>
            <Table.Th>{col('state')}</Table.Th>
            <Table.Th>{col('attempts')}</Table.Th>
            <Table.Th>{col('timing')}</Table.Th>
            <Table.Th>{col('message')}</Table.Th>
            <Table.Th>{col('platformIds')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((d) => (
            <Table.Tr key={d.uid} data-testid="sync-row">
              <Table.Td miw={150}>
                <Text size="sm" ff="monospace">
                  {d.registrationNo}
                </Text>
                <Text size="sm" fw={500}>
                  {d.patientName}
                </Text>
                {d.medicalRecordNo && (
                  <Text size="xs" c="dimmed">
                    {d.medicalRecordNo}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{t(`satusehatSync.kinds.${d.kind}`)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <SatusehatStateBadge state={d.state} />
              </Table.Td>
              <Table.Td ta="center">{d.attempts}</Table.Td>
              <Table.Td miw={130}>
                <Timing delivery={d} timeZone={timeZone} />
              </Table.Td>
              <Table.Td>
                {/* the resend under the reason it answers: no column of its own, so the table fits 1366 px */}
                <Stack gap={6} align="flex-start">
                  <DeliveryMessage delivery={d} />
                  {(d.state === 'refused' || d.state === 'blocked') && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconSend size={14} />}
                      loading={resending === d.uid}
                      disabled={resending !== null && resending !== d.uid}
                      onClick={() => onResend(d)}
                      aria-label={`${t('satusehatSync.resend')} ${d.registrationNo} ${t(`satusehatSync.kinds.${d.kind}`)}`}
                    >
                      {t('satusehatSync.resend')}
                    </Button>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <PlatformIds ids={d.platformIds} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
