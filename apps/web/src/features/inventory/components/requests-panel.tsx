import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import type { StockLocation } from '../api/inventory-api.ts';
import {
  type StockRequest,
  useCancelRequest,
  useRejectRequest,
  useStockRequests,
} from '../api/stock-documents-api.ts';
import { serverErrors } from './form-errors.ts';
import { NewRequestForm, RequestLinesForm } from './request-forms.tsx';
import { formatQuantity } from './stock-format.ts';

const COLORS: Record<StockRequest['status'], string> = {
  requested: 'blue',
  approved: 'orange',
  partially_fulfilled: 'yellow',
  fulfilled: 'teal',
  rejected: 'red',
  cancelled: 'gray',
};

type Open = { kind: 'new' } | { kind: 'approve' | 'fulfil'; request: StockRequest } | null;

/**
 * Unit requests (amprahan) of a location: those it made (cancel while nothing was sent) and those
 * sent to it (approve, perhaps less; reject with a reason; send the items, in parts if need be).
 */
export function RequestsPanel({
  clinicId,
  location,
  locations,
  manage,
}: {
  clinicId: number;
  location: StockLocation;
  locations: readonly StockLocation[];
  manage: boolean;
}) {
  const { t } = useTranslation();
  const requests = useStockRequests(clinicId, location.uid);
  const [open, setOpen] = useState<Open>(null);
  const [reasonFor, setReasonFor] = useState<{
    uid: string;
    action: 'reject' | 'cancel';
    text: string;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reject = useRejectRequest();
  const cancel = useCancelRequest();
  const list = requests.data ?? [];
  function decide() {
    if (!reasonFor) return;
    const call = reasonFor.action === 'reject' ? reject : cancel;
    call.mutate(
      { params: { uid: reasonFor.uid }, body: { reason: reasonFor.text } },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: translateMessage(answer.message) });
          setReasonFor(null);
          setError(null);
        },
        onError: (e) => setError(Object.values(serverErrors(e) ?? {})[0] ?? null),
      },
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>{t('inventory.requests.outgoing', { location: location.name })}</Text>
        {manage && (
          <Button size="xs" leftSection={<IconSend size={14} />} onClick={() => setOpen({ kind: 'new' })}>
            {t('inventory.requests.new')}
          </Button>
        )}
      </Group>
      {!requests.isLoading && list.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('inventory.requests.empty')}
        </Text>
      )}
      {list.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label={t('inventory.requests.tab')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('inventory.opname.number')}</Table.Th>
                <Table.Th>{t('inventory.screen.colStatus')}</Table.Th>
                <Table.Th>{t('inventory.requests.route')}</Table.Th>
                <Table.Th>{t('inventory.requests.quantities')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((r) => {
                const incoming = r.fromLocationUid === location.uid;
                return (
                  <Table.Tr key={r.uid}>
                    <Table.Td ff="monospace">{r.number}</Table.Td>
                    <Table.Td>
                      <Badge color={COLORS[r.status]} variant="light">
                        {t(`inventory.requests.status.${r.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {r.fromLocationName} → {r.locationName}
                    </Table.Td>
                    <Table.Td>
                      {r.lines.map((l) => (
                        <Text key={l.id} size="xs">
                          {l.itemName}: {formatQuantity(l.requested)}
                          {l.approved !== null && ` / ${formatQuantity(l.approved)}`} /{' '}
                          {formatQuantity(l.fulfilled)} {l.baseUnit}
                          {l.reason && ` (${l.reason})`}
                        </Text>
                      ))}
                      {(r.decisionReason || r.cancelReason) && (
                        <Text size="xs" c="dimmed">
                          {r.decisionReason ?? r.cancelReason}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {manage && (
                        <Group gap={4} wrap="nowrap">
                          {incoming && r.status === 'requested' && (
                            <>
                              <Button
                                size="compact-xs"
                                onClick={() => setOpen({ kind: 'approve', request: r })}
                              >
                                {t('inventory.requests.approve')}
                              </Button>
                              <Button
                                size="compact-xs"
                                variant="light"
                                color="red"
                                onClick={() => setReasonFor({ uid: r.uid, action: 'reject', text: '' })}
                              >
                                {t('inventory.requests.reject')}
                              </Button>
                            </>
                          )}
                          {incoming && (r.status === 'approved' || r.status === 'partially_fulfilled') && (
                            <Button
                              size="compact-xs"
                              color="teal"
                              onClick={() => setOpen({ kind: 'fulfil', request: r })}
                            >
                              {t('inventory.requests.fulfil')}
                            </Button>
                          )}
                          {!incoming && (r.status === 'requested' || r.status === 'approved') && (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              color="red"
                              onClick={() => setReasonFor({ uid: r.uid, action: 'cancel', text: '' })}
                            >
                              {t('inventory.requests.cancel')}
                            </Button>
                          )}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {reasonFor && (
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('inventory.requests.reason')}
            value={reasonFor.text}
            onChange={(e) => {
              const text = e.currentTarget.value;
              setReasonFor((r) => (r ? { ...r, text } : r));
            }}
            error={error ? translateMessage(error) : undefined}
          />
          <Button color="red" loading={reject.isPending || cancel.isPending} onClick={decide}>
            {t(`inventory.requests.${reasonFor.action}`)}
          </Button>
          <Button variant="default" onClick={() => setReasonFor(null)}>
            {t('inventory.screen.close')}
          </Button>
        </Group>
      )}
      {error && !reasonFor && (
        <Text c="red" size="sm">
          {translateMessage(error)}
        </Text>
      )}
      {open?.kind === 'new' && (
        <NewRequestForm location={location} locations={locations} onClose={() => setOpen(null)} />
      )}
      {(open?.kind === 'approve' || open?.kind === 'fulfil') && (
        <RequestLinesForm request={open.request} mode={open.kind} onClose={() => setOpen(null)} />
      )}
    </Stack>
  );
}
