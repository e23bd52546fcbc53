import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import {
  type Opname,
  useApproveOpname,
  useCancelOpname,
  useCountOpname,
  useOpname,
  useSubmitOpname,
} from '../api/stock-documents-api.ts';
import { FORM_ERROR, serverErrors } from './form-errors.ts';
import { formatDay, formatQuantity, signedRupiah } from './stock-format.ts';

export const OPNAME_COLORS: Record<Opname['status'], string> = {
  counting: 'blue',
  submitted: 'orange',
  approved: 'teal',
  cancelled: 'gray',
};

const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatQuantity(Math.abs(n))}`;

/**
 * A stock count's sheet: every batch with its system quantity at the start, the counted quantity
 * (blank = not counted yet), the difference and its value; save, submit, approve (not by the
 * submitter), cancel with a reason, print.
 */
export function OpnameSheet({ uid, manage, onClose }: { uid: string; manage: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const opname = useOpname(uid).data;
  const [search, setSearch] = useState('');
  const [counts, setCounts] = useState<Record<number, number | string>>({});
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const count = useCountOpname();
  const submit = useSubmitOpname();
  const approve = useApproveOpname();
  const cancel = useCancelOpname();
  if (!opname) return null;
  const open = opname.status === 'counting' && manage;
  const changed = opname.items
    .filter((l) => l.id in counts)
    .map((l) => ({ lineId: l.id, counted: counts[l.id] === '' ? null : Number(counts[l.id]) }))
    .filter((c) => c.counted !== opname.items.find((l) => l.id === c.lineId)?.counted);
  const wanted = search.trim().toLowerCase();
  const lines = opname.items.filter(
    (l) => !wanted || `${l.itemName} ${l.batchNumber}`.toLowerCase().includes(wanted),
  );
  const onError = (e: unknown) =>
    setError(serverErrors(e)?.[FORM_ERROR] ?? Object.values(serverErrors(e) ?? {})[0] ?? null);
  const ok = (answer: { message: string }) => {
    setError(null);
    notifications.show({ color: 'teal', message: translateMessage(answer.message) });
  };
  const params = { params: { uid } };
  const save = (then?: () => void) =>
    changed.length
      ? count.mutate(
          { ...params, body: { lines: changed } },
          {
            onSuccess: (a) => {
              setCounts({});
              if (then) then();
              else ok(a);
            },
            onError,
          },
        )
      : then?.();
  const by = (w: Opname['started']) =>
    w ? t('inventory.opname.by', { name: w.name ?? '–', at: new Date(w.at).toLocaleString('id-ID') }) : '–';

  return (
    <Modal
      opened
      onClose={onClose}
      size="90rem"
      title={t('inventory.opname.sheet', { number: opname.number })}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Badge color={OPNAME_COLORS[opname.status]}>
              {t(`inventory.opname.status.${opname.status}`)}
            </Badge>
            <Text size="sm">{opname.locationName}</Text>
            <Text size="sm" c="dimmed">
              {t('inventory.opname.startedAt')}: {by(opname.started)}
            </Text>
            {opname.approved && (
              <Text size="sm" c="dimmed">
                {t('inventory.opname.approve')}: {by(opname.approved)}
              </Text>
            )}
          </Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPrinter size={14} />}
            onClick={() => window.print()}
          >
            {t('inventory.opname.print')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('inventory.opname.rule')} · {t('inventory.opname.notCounted')}
        </Text>
        <TextInput
          type="search"
          aria-label={t('inventory.opname.search')}
          placeholder={t('inventory.opname.search')}
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label={t('inventory.opname.sheet', { number: opname.number })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('inventory.screen.colItem')}</Table.Th>
                <Table.Th>{t('inventory.screen.batchNumber')}</Table.Th>
                <Table.Th>{t('inventory.screen.expiryDate')}</Table.Th>
                <Table.Th ta="right">{t('inventory.opname.system')}</Table.Th>
                <Table.Th ta="right">{t('inventory.opname.counted')}</Table.Th>
                <Table.Th ta="right">{t('inventory.opname.difference')}</Table.Th>
                <Table.Th ta="right">{t('inventory.opname.value')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.itemName}</Table.Td>
                  <Table.Td ff="monospace">{l.batchNumber}</Table.Td>
                  <Table.Td>{formatDay(l.expiryDate)}</Table.Td>
                  <Table.Td ta="right">
                    {formatQuantity(l.systemQuantity)} {l.baseUnit}
                  </Table.Td>
                  <Table.Td ta="right" w={140}>
                    {open ? (
                      <NumberInput
                        size="xs"
                        aria-label={`${t('inventory.opname.counted')} ${l.itemName} ${l.batchNumber}`}
                        min={0}
                        decimalScale={3}
                        decimalSeparator=","
                        thousandSeparator="."
                        hideControls
                        value={counts[l.id] ?? l.counted ?? ''}
                        onChange={(v) => setCounts((c) => ({ ...c, [l.id]: v }))}
                      />
                    ) : l.counted === null ? (
                      '–'
                    ) : (
                      formatQuantity(l.counted)
                    )}
                  </Table.Td>
                  <Table.Td ta="right" c={l.difference ? (l.difference < 0 ? 'red' : 'teal') : undefined}>
                    {l.difference === null ? '–' : signed(l.difference)}
                  </Table.Td>
                  <Table.Td ta="right">{l.value === null ? '–' : signedRupiah(l.value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={5}>
                  {t('inventory.opname.progress', { counted: opname.counted, lines: opname.lines })}
                </Table.Th>
                <Table.Th ta="right">{t('inventory.opname.total')}</Table.Th>
                <Table.Th ta="right">{signedRupiah(opname.value)}</Table.Th>
              </Table.Tr>
              <Table.Tr>
                <Table.Td colSpan={7} ta="right">
                  <Text size="xs" c="dimmed">
                    {t('inventory.opname.shortage')} {signedRupiah(opname.shortageValue)} ·{' '}
                    {t('inventory.opname.surplus')} {signedRupiah(opname.surplusValue)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
        {error && (
          <Alert color="orange" variant="light">
            <Text size="sm">{translateMessage(error)}</Text>
          </Alert>
        )}
        {opname.status === 'submitted' && opname.submittedByMe && (
          <Text size="sm" c="dimmed">
            {t('inventory.opname.ownApproval')}
          </Text>
        )}
        {manage && (opname.status === 'counting' || opname.status === 'submitted') && (
          <Group justify="space-between">
            {cancelling === null ? (
              <Button variant="subtle" color="red" onClick={() => setCancelling('')}>
                {t('inventory.opname.cancel')}
              </Button>
            ) : (
              <Group gap="xs" align="flex-end">
                <TextInput
                  label={t('inventory.opname.cancelReason')}
                  value={cancelling}
                  onChange={(e) => setCancelling(e.currentTarget.value)}
                />
                <Button
                  color="red"
                  loading={cancel.isPending}
                  onClick={() =>
                    cancel.mutate({ ...params, body: { reason: cancelling } }, { onSuccess: ok, onError })
                  }
                >
                  {t('inventory.opname.cancel')}
                </Button>
              </Group>
            )}
            <Group gap="xs">
              {opname.status === 'counting' && (
                <>
                  <Button
                    variant="default"
                    disabled={!changed.length}
                    loading={count.isPending}
                    onClick={() => save()}
                  >
                    {t('inventory.opname.saveCounts')}
                  </Button>
                  <Button
                    loading={submit.isPending}
                    onClick={() => save(() => submit.mutate(params, { onSuccess: ok, onError }))}
                  >
                    {t('inventory.opname.submit')}
                  </Button>
                </>
              )}
              {opname.status === 'submitted' && (
                <Button
                  color="teal"
                  disabled={opname.submittedByMe}
                  loading={approve.isPending}
                  onClick={() => approve.mutate(params, { onSuccess: ok, onError })}
                >
                  {t('inventory.opname.approve')}
                </Button>
              )}
            </Group>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
