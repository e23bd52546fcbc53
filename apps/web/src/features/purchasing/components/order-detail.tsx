import { formatRupiah } from '@klinikita/domain/common/format';
import { canDo, canReceive, type PoAction } from '@klinikita/domain/purchasing/purchasing.rules';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type OrderDetail, useActOnOrder, useOrder } from '../api/purchasing-api.ts';
import { DocumentTotals } from './order-totals.tsx';
import { FORM_ERROR, formatDay, formatQuantity, STATUS_COLORS, serverErrors } from './purchasing-format.ts';

/**
 * A purchase order: its supplier, warehouse and dates, the lines with what is ordered, received
 * and still open, its receipts, and what may be done next (order, edit, receive, cancel, close
 * the rest with a reason).
 */
export function OrderDetailModal({
  uid,
  manage,
  onClose,
  onEdit,
  onReceive,
}: {
  uid: string;
  manage: boolean;
  onClose: () => void;
  onEdit: (order: OrderDetail) => void;
  onReceive: (order: OrderDetail) => void;
}) {
  const { t } = useTranslation();
  const { data: order, isLoading } = useOrder(uid);
  const [asking, setAsking] = useState<'cancel' | 'close' | null>(null);
  const act = useActOnOrder();
  const [error, setError] = useState<string | null>(null);
  const run = (action: PoAction, reason?: string) => {
    if (!order) return;
    setError(null);
    act.mutate(
      { params: { uid: order.uid }, body: { action, version: order.version, reason: reason ?? null } },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: translateMessage(answer.message) });
          setAsking(null);
        },
        onError: (e) => {
          const mapped = serverErrors(e);
          if (mapped) setError(mapped.reason ?? mapped[FORM_ERROR] ?? Object.values(mapped)[0]);
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} size="70rem" title={order ? order.number : ''}>
      {isLoading || !order ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4} verticalSpacing={2}>
              <Text size="sm">
                {t('purchasing.screen.supplier')}: <b>{order.supplier.name}</b>
              </Text>
              <Text size="sm">
                {t('purchasing.screen.location')}: <b>{order.location.name}</b>
              </Text>
              <Text size="sm">
                {t('purchasing.screen.colDate')}: {formatDay(order.orderDate)}
              </Text>
              <Text size="sm">
                {t('purchasing.screen.expectedDate')}: {formatDay(order.expectedDate)}
              </Text>
            </SimpleGrid>
            <Badge size="lg" color={STATUS_COLORS[order.status]} variant="light">
              {t(`purchasing.screen.orderStatus.${order.status}`)}
            </Badge>
          </Group>
          {order.note && <Text size="sm">{order.note}</Text>}
          {order.cancelReason && (
            <Alert color="red" variant="light">
              {t('purchasing.screen.cancelReason', { reason: order.cancelReason })}
            </Alert>
          )}
          {order.closeReason && (
            <Alert color="gray" variant="light">
              {t('purchasing.screen.closeReason', { reason: order.closeReason })}
            </Alert>
          )}
          <Table.ScrollContainer minWidth={760} type="native">
            <Table verticalSpacing="xs" aria-label={t('purchasing.screen.lines')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('purchasing.screen.item')}</Table.Th>
                  <Table.Th ta="right">{t('purchasing.screen.ordered')}</Table.Th>
                  <Table.Th ta="right">{t('purchasing.screen.receivedQty')}</Table.Th>
                  <Table.Th ta="right">{t('purchasing.screen.openQty')}</Table.Th>
                  <Table.Th ta="right">{t('purchasing.screen.price')}</Table.Th>
                  <Table.Th ta="right">{t('purchasing.screen.discount')}</Table.Th>
                  <Table.Th ta="right">{t('purchasing.screen.lineTotal')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.lines.map((l) => (
                  <Table.Tr key={l.line}>
                    <Table.Td>
                      <Text size="sm">{l.itemName}</Text>
                      {l.factor !== 1 && (
                        <Text size="xs" c="dimmed">
                          1 {l.unit} = {formatQuantity(l.factor)} {l.baseUnit}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{`${formatQuantity(l.quantity)} ${l.unit}`}</Table.Td>
                    <Table.Td ta="right">{`${formatQuantity(l.received)} ${l.unit}`}</Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" fw={l.open > 0 ? 600 : 400} c={l.open > 0 ? 'orange' : undefined}>
                        {`${formatQuantity(l.open)} ${l.unit}`}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatRupiah(l.price)}</Table.Td>
                    <Table.Td ta="right">{`${formatQuantity(l.discountPercent)}%`}</Table.Td>
                    <Table.Td ta="right">{formatRupiah(l.net)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {t('purchasing.screen.receipts')}
              </Text>
              {order.receipts.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('purchasing.screen.noReceipts')}
                </Text>
              )}
              {order.receipts.map((r) => (
                <Text size="sm" key={r.uid}>
                  {`${r.number} · ${t('purchasing.screen.colInvoice')} ${r.invoiceNumber} · ${formatDay(r.receivedDate)} · ${formatRupiah(r.total)} · ${t('purchasing.screen.dueDate')} ${formatDay(r.dueDate)}`}
                </Text>
              ))}
            </Stack>
            <DocumentTotals totals={order} />
          </Group>
          {asking && (
            <ReasonForm
              label={
                asking === 'cancel'
                  ? t('purchasing.screen.cancelTitle', { number: order.number })
                  : t('purchasing.screen.closeTitle', { number: order.number })
              }
              pending={act.isPending}
              error={error}
              onBack={() => {
                setAsking(null);
                setError(null);
              }}
              onConfirm={(reason) => run(asking, reason)}
            />
          )}
          {!asking && error && (
            <Alert color="orange" variant="light">
              {translateMessage(error)}
            </Alert>
          )}
          {manage && !asking && (
            <Group justify="flex-end" gap="xs">
              {canDo('cancel', order.status) && (
                <Button variant="subtle" color="red" onClick={() => setAsking('cancel')}>
                  {t('purchasing.screen.actionCancel')}
                </Button>
              )}
              {canDo('close', order.status) && (
                <Button variant="default" onClick={() => setAsking('close')}>
                  {t('purchasing.screen.actionClose')}
                </Button>
              )}
              {order.status === 'draft' && (
                <Button variant="default" onClick={() => onEdit(order)}>
                  {t('purchasing.screen.actionEdit')}
                </Button>
              )}
              {canDo('order', order.status) && (
                <Button loading={act.isPending} onClick={() => run('order')}>
                  {t('purchasing.screen.actionOrder')}
                </Button>
              )}
              {canReceive(order.status) && (
                <Button onClick={() => onReceive(order)}>{t('purchasing.screen.actionReceive')}</Button>
              )}
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function ReasonForm({
  label,
  pending,
  error,
  onBack,
  onConfirm,
}: {
  label: string;
  pending: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Textarea
        label={t('purchasing.screen.reason')}
        required
        autosize
        minRows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={error ? translateMessage(error) : undefined}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onBack}>
          {t('purchasing.screen.cancel')}
        </Button>
        <Button color="red" loading={pending} onClick={() => onConfirm(reason)}>
          {t('purchasing.screen.save')}
        </Button>
      </Group>
    </Stack>
  );
}
