import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHandGrab } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DispenseInput,
  type PharmacyPrescription,
  type PrescriptionLine,
  useDispensePrescription,
} from '../api/pharmacy-queue-api.ts';
import { FORM_ERROR, serverErrors } from './form-errors.ts';
import { formatDay, formatQuantity } from './rx-format.ts';

/** The five rights checked at the handover (research §1.6). */
export const FIVE_RIGHTS = ['patient', 'drug', 'dose', 'route', 'time'] as const;
const AUTO = '';

/** The handover dialog; mounted only while open, so each opening has its own request key. */
export function DispenseModal({
  prescription,
  opened,
  onClose,
}: {
  prescription: PharmacyPrescription;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('pharmacyQueue.dispense.title')} size="lg">
      {opened && <DispenseForm prescription={prescription} onDone={onClose} />}
    </Modal>
  );
}

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `rx-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

function DispenseForm({ prescription, onDone }: { prescription: PharmacyPrescription; onDone: () => void }) {
  const { t } = useTranslation();
  // one key per opening: a double click, or a retry after a lost answer, dispenses once
  const [requestKey] = useState(newKey);
  const lines = prescription.lines.filter((l) => l.owed > 0);
  const [quantities, setQuantities] = useState<Record<number, number | string>>(() =>
    Object.fromEntries(lines.map((l) => [l.line, l.owed])),
  );
  const [batches, setBatches] = useState<Record<number, string>>({});
  const [overrideReason, setOverrideReason] = useState('');
  const [rights, setRights] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sending = useRef(false);
  const dispense = useDispensePrescription();

  // a batch other than the first to expire (the list is in FEFO order) needs a reason
  const overridden = lines.some((l) => batches[l.line] && batches[l.line] !== l.batches[0]?.batchNumber);
  const allRights = FIVE_RIGHTS.every((r) => rights.includes(r));

  const onSubmit = () => {
    if (sending.current || !allRights) return;
    if (overridden && !overrideReason.trim()) {
      setErrors({ overrideReason: t('pharmacyQueue.dispense.overrideRequired') });
      return;
    }
    const body: DispenseInput = {
      requestKey,
      lines: lines.map((l) => {
        const quantity = Number(quantities[l.line]) || 0;
        const batch = batches[l.line];
        return batch && quantity > 0
          ? { line: l.line, quantity, batches: [{ batchNumber: batch, quantity }] }
          : { line: l.line, quantity };
      }),
      overrideReason: overridden ? overrideReason.trim() : null,
    };
    sending.current = true;
    setErrors({});
    dispense.mutate(
      { params: { uid: prescription.uid }, body },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: answer.message });
          onDone();
        },
        onError: (error) => setErrors(serverErrors(error) ?? {}),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {lines.map((l, i) => (
        <DispenseLine
          key={l.line}
          line={l}
          quantity={quantities[l.line] ?? ''}
          batch={batches[l.line] ?? AUTO}
          error={errors[`lines.${i}.quantity`] ?? errors[`lines.${i}`]}
          onQuantity={(v) => setQuantities((all) => ({ ...all, [l.line]: v }))}
          onBatch={(v) => setBatches((all) => ({ ...all, [l.line]: v }))}
        />
      ))}
      {overridden && (
        <Textarea
          label={t('pharmacyQueue.dispense.overrideReason')}
          withAsterisk
          autosize
          minRows={2}
          maxLength={500}
          value={overrideReason}
          error={errors.overrideReason}
          onChange={(e) => setOverrideReason(e.currentTarget.value)}
        />
      )}
      <Checkbox.Group
        label={t('pharmacyQueue.dispense.rights')}
        description={t('pharmacyQueue.dispense.rightsHint')}
        value={rights}
        onChange={setRights}
        withAsterisk
      >
        <Group gap="md" mt="xs">
          {FIVE_RIGHTS.map((r) => (
            <Checkbox key={r} value={r} label={t(`pharmacyQueue.dispense.rightsList.${r}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      {errors[FORM_ERROR] && (
        <Alert color="red" role="alert">
          {errors[FORM_ERROR]}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('pharmacyQueue.dispense.cancel')}
        </Button>
        <Button
          color="green"
          leftSection={<IconHandGrab size={16} />}
          disabled={!allRights}
          loading={dispense.isPending}
          onClick={onSubmit}
        >
          {t('pharmacyQueue.dispense.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

function DispenseLine({
  line,
  quantity,
  batch,
  error,
  onQuantity,
  onBatch,
}: {
  line: PrescriptionLine;
  quantity: number | string;
  batch: string;
  error: string | undefined;
  onQuantity: (v: number | string) => void;
  onBatch: (v: string) => void;
}) {
  const { t } = useTranslation();
  const unit = line.baseUnit ?? line.item.unit;
  const name = line.substitute?.name ?? line.item.name;
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {line.line + 1}. {name}
      </Text>
      <Text size="xs" c="dimmed">
        {line.signa}
      </Text>
      <Group grow align="flex-start">
        <NumberInput
          label={t('pharmacyQueue.dispense.quantity', { unit })}
          aria-label={`${t('pharmacyQueue.dispense.quantity', { unit })} ${name}`}
          description={t('pharmacyQueue.dispense.owed', { owed: formatQuantity(line.owed), unit })}
          min={0}
          max={line.owed}
          decimalSeparator=","
          allowNegative={false}
          value={quantity}
          error={error}
          onChange={onQuantity}
        />
        {line.batches.length > 0 && (
          <Select
            label={t('pharmacyQueue.dispense.batch')}
            aria-label={`${t('pharmacyQueue.dispense.batch')} ${name}`}
            allowDeselect={false}
            value={batch}
            onChange={(v) => onBatch(v ?? AUTO)}
            data={[
              { value: AUTO, label: t('pharmacyQueue.dispense.batchAuto') },
              ...line.batches.map((b) => ({
                value: b.batchNumber,
                label: `${b.batchNumber} · ED ${formatDay(b.expiryDate)} · ${formatQuantity(b.quantity)}`,
              })),
            ]}
          />
        )}
      </Group>
    </Stack>
  );
}
