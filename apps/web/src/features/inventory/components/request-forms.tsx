import { requestCreateSchema } from '@klinikita/domain/inventory/stock-documents.schema';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type StockLocation, useLocationStock } from '../api/inventory-api.ts';
import {
  type StockRequest,
  useApproveRequest,
  useCreateRequest,
  useFulfilRequest,
} from '../api/stock-documents-api.ts';
import { FORM_ERROR, serverErrors } from './form-errors.ts';
import { formatQuantity } from './stock-format.ts';
import { itemName } from './stock-table.tsx';

type Errors = Record<string, string>;
const ok = (onClose: () => void) => (answer: { message: string }) => {
  notifications.show({ color: 'teal', message: translateMessage(answer.message) });
  onClose();
};
const FormError = ({ errors }: { errors: Errors }) =>
  errors[FORM_ERROR] ? (
    <Alert color="orange" variant="light">
      <Text size="sm">{translateMessage(errors[FORM_ERROR])}</Text>
    </Alert>
  ) : null;

/** A unit's request (amprahan) to a supplying location: items it holds, quantities in base units. */
export function NewRequestForm({
  location,
  locations,
  onClose,
}: {
  location: StockLocation;
  locations: readonly StockLocation[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const suppliers = locations.filter((l) => l.active && l.uid !== location.uid);
  const [from, setFrom] = useState(
    suppliers.find((l) => l.type === 'warehouse')?.uid ?? suppliers[0]?.uid ?? '',
  );
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<{ itemUid: string; quantity: number | string }[]>([
    { itemUid: '', quantity: '' },
  ]);
  const [errors, setErrors] = useState<Errors>({});
  const stock = useLocationStock(from || null, { page: 1, limit: 100 });
  const items = stock.data?.docs ?? [];
  const create = useCreateRequest();
  const err = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);
  function submit() {
    const parsed = requestCreateSchema.safeParse({
      locationUid: location.uid,
      fromLocationUid: from,
      note: note || null,
      lines: lines.map((l) => ({
        itemUid: l.itemUid,
        quantity: l.quantity === '' ? undefined : Number(l.quantity),
        unit: items.find((i) => i.itemUid === l.itemUid)?.baseUnit ?? '',
      })),
    });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    setErrors({});
    create.mutate(
      { body: parsed.data },
      { onSuccess: ok(onClose), onError: (e) => setErrors(serverErrors(e) ?? {}) },
    );
  }
  const setLine = (i: number, change: object) =>
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...change } : l)));
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('inventory.requests.newTitle', { location: location.name })}
    >
      <Stack gap="sm">
        <Select
          label={t('inventory.requests.from')}
          data={suppliers.map((l) => ({ value: l.uid, label: l.name }))}
          value={from || null}
          onChange={(v) => setFrom(v ?? '')}
          allowDeselect={false}
          error={err('fromLocationUid')}
        />
        {lines.map((line, i) => {
          const item = items.find((x) => x.itemUid === line.itemUid);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity before they are sent
            <Group key={i} align="flex-start" wrap="nowrap">
              <Select
                flex={1}
                label={t('inventory.screen.item')}
                searchable
                data={items.map((x) => ({ value: x.itemUid, label: itemName(x) }))}
                value={line.itemUid || null}
                onChange={(v) => setLine(i, { itemUid: v ?? '' })}
                error={err(`lines.${i}.itemUid`)}
              />
              <NumberInput
                w={150}
                label={t('inventory.screen.quantity')}
                min={0}
                decimalScale={3}
                decimalSeparator=","
                thousandSeparator="."
                hideControls
                value={line.quantity}
                onChange={(v) => setLine(i, { quantity: v })}
                description={item ? `${formatQuantity(item.onHand)} ${item.baseUnit}` : undefined}
                error={err(`lines.${i}.quantity`) ?? err(`lines.${i}.unit`)}
              />
              <ActionIcon
                mt={28}
                variant="subtle"
                color="red"
                aria-label={t('inventory.requests.removeLine')}
                disabled={lines.length === 1}
                onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setLines((ls) => [...ls, { itemUid: '', quantity: '' }])}
          >
            {t('inventory.requests.addLine')}
          </Button>
        </Group>
        <TextInput
          label={t('inventory.screen.reason')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {err('lines') && (
          <Text c="red" size="sm">
            {err('lines')}
          </Text>
        )}
        <FormError errors={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('inventory.screen.cancel')}
          </Button>
          <Button loading={create.isPending} onClick={submit}>
            {t('inventory.requests.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The warehouse's approval (each line's quantity, less with a reason) or its fulfilment (what leaves now). */
export function RequestLinesForm({
  request,
  mode,
  onClose,
}: {
  request: StockRequest;
  mode: 'approve' | 'fulfil';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const owed = (l: StockRequest['lines'][number]) => Math.max(0, (l.approved ?? 0) - l.fulfilled);
  const [values, setValues] = useState<Record<number, { q: number | string; reason: string }>>(
    Object.fromEntries(
      request.lines.map((l) => [l.id, { q: mode === 'approve' ? l.requested : owed(l), reason: '' }]),
    ),
  );
  const [errors, setErrors] = useState<Errors>({});
  const approve = useApproveRequest();
  const fulfil = useFulfilRequest();
  const onError = (e: unknown) => setErrors(serverErrors(e) ?? {});
  function submit() {
    const params = { uid: request.uid };
    const q = (id: number) => (values[id].q === '' ? 0 : Number(values[id].q));
    if (mode === 'approve')
      approve.mutate(
        {
          params,
          body: {
            lines: request.lines.map((l) => ({
              lineId: l.id,
              approved: q(l.id),
              reason: values[l.id].reason || null,
            })),
          },
        },
        { onSuccess: ok(onClose), onError },
      );
    else
      fulfil.mutate(
        { params, body: { lines: request.lines.map((l) => ({ lineId: l.id, quantity: q(l.id) })) } },
        { onSuccess: ok(onClose), onError },
      );
  }
  const err = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={`${t(mode === 'approve' ? 'inventory.requests.approve' : 'inventory.requests.fulfil')} ${request.number}`}
    >
      <Stack gap="sm">
        {request.lines.map((l, i) => (
          <Group key={l.id} align="flex-start" wrap="nowrap">
            <Stack gap={0} flex={1}>
              <Text size="sm" fw={500}>
                {l.itemName}
              </Text>
              <Text size="xs" c="dimmed">
                {t('inventory.requests.requested')} {formatQuantity(l.requested)} ·{' '}
                {t('inventory.requests.approved')} {l.approved === null ? '–' : formatQuantity(l.approved)} ·{' '}
                {t('inventory.requests.fulfilled')} {formatQuantity(l.fulfilled)} {l.baseUnit}
              </Text>
            </Stack>
            <NumberInput
              w={130}
              aria-label={`${t('inventory.screen.quantity')} ${l.itemName}`}
              min={0}
              decimalScale={3}
              decimalSeparator=","
              thousandSeparator="."
              hideControls
              value={values[l.id].q}
              onChange={(v) => setValues((s) => ({ ...s, [l.id]: { ...s[l.id], q: v } }))}
              error={err(`lines.${i}.approved`) ?? err(`lines.${i}.quantity`)}
            />
            {mode === 'approve' && (
              <TextInput
                w={200}
                aria-label={`${t('inventory.requests.reason')} ${l.itemName}`}
                placeholder={t('inventory.requests.reason')}
                value={values[l.id].reason}
                onChange={(e) => {
                  const reason = e.currentTarget.value;
                  setValues((s) => ({ ...s, [l.id]: { ...s[l.id], reason } }));
                }}
                error={err(`lines.${i}.reason`)}
              />
            )}
          </Group>
        ))}
        <FormError errors={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('inventory.screen.cancel')}
          </Button>
          <Button loading={approve.isPending || fulfil.isPending} onClick={submit}>
            {t(mode === 'approve' ? 'inventory.requests.approve' : 'inventory.requests.fulfil')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
