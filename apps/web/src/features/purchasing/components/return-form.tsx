import { returnSchema } from '@klinikita/domain/purchasing/purchasing.schema';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type ReceiptSummary, useCreateReturn, useReceipt } from '../api/purchasing-api.ts';
import { QUANTITY_INPUT } from './number-inputs.ts';
import { FORM_ERROR, formatDay, formatQuantity, newRequestKey, serverErrors } from './purchasing-format.ts';

/**
 * Goods of a receipt sent back to the supplier: per batch the quantity in its base unit (at most
 * what was received less what went back before; the warehouse must still hold it) and a reason.
 */
export function ReturnForm({ receipt, onClose }: { receipt: ReceiptSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useReceipt(receipt.uid).data;
  const [quantities, setQuantities] = useState<Record<number, number | string>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<number[]>([]);
  const [requestKey] = useState(newRequestKey);
  const create = useCreateReturn();
  const rowError = (line: number) => {
    const k = sent.indexOf(line);
    const message = k >= 0 ? (errors[`lines.${k}.quantity`] ?? errors[`lines.${k}.unit`]) : undefined;
    return message ? translateMessage(message) : undefined;
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!detail) return;
    const chosen = detail.lines.filter((l) => Number(quantities[l.line]) > 0);
    if (!chosen.length) return setErrors({ [FORM_ERROR]: 'purchasing.screen.nothingToReturn' });
    setSent(chosen.map((l) => l.line));
    const parsed = returnSchema.safeParse({
      receiptUid: receipt.uid,
      reason,
      requestKey,
      lines: chosen.map((l) => ({
        receiptLine: l.line,
        quantity: Number(quantities[l.line]),
        unit: l.baseUnit,
      })),
    });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    create.mutate(
      { body: parsed.data },
      {
        onSuccess: (answer) => {
          notifications.show({
            color: 'teal',
            message: [translateMessage(answer.message), answer.data?.number].filter(Boolean).join(' · '),
          });
          onClose();
        },
        onError: (error) => {
          const mapped = serverErrors(error);
          if (mapped) setErrors(mapped);
        },
      },
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      size="60rem"
      closeOnClickOutside={false}
      title={t('purchasing.screen.returnTitle', { number: receipt.number, supplier: receipt.supplier.name })}
    >
      {!detail ? (
        <Loader size="sm" />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {`${t('purchasing.screen.colInvoice')} ${detail.invoiceNumber} · ${formatDay(detail.receivedDate)} · ${detail.location.name}`}
            </Text>
            <Table verticalSpacing="xs" aria-label={t('purchasing.screen.lines')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('purchasing.screen.item')}</Table.Th>
                  <Table.Th>{t('purchasing.screen.batchNumber')}</Table.Th>
                  <Table.Th ta="right">{t('purchasing.screen.receivedQty')}</Table.Th>
                  <Table.Th ta="right">{t('purchasing.screen.colReturnable')}</Table.Th>
                  <Table.Th>{t('purchasing.screen.returnQuantity')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.lines.map((l) => (
                  <Table.Tr key={l.line}>
                    <Table.Td>{l.itemName}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{l.batchNumber}</Text>
                      <Text size="xs" c="dimmed">
                        {formatDay(l.expiryDate)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{`${formatQuantity(l.baseQuantity)} ${l.baseUnit}`}</Table.Td>
                    <Table.Td ta="right">{`${formatQuantity(l.returnableBase)} ${l.baseUnit}`}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`${t('purchasing.screen.returnQuantity')} ${l.itemName} ${l.batchNumber}`}
                        {...QUANTITY_INPUT}
                        disabled={l.returnableBase <= 0}
                        rightSection={<Text size="xs">{l.baseUnit}</Text>}
                        rightSectionWidth={64}
                        w={170}
                        value={quantities[l.line] ?? ''}
                        onChange={(v) => {
                          setQuantities((q) => ({ ...q, [l.line]: v }));
                          setErrors({});
                        }}
                        error={rowError(l.line)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Textarea
              label={t('purchasing.screen.reason')}
              required
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setErrors(({ reason: _, ...rest }) => rest);
              }}
              error={errors.reason ? translateMessage(errors.reason) : undefined}
            />
            {errors[FORM_ERROR] && (
              <Alert color="orange" variant="light">
                <Text size="sm">{translateMessage(errors[FORM_ERROR])}</Text>
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('purchasing.screen.cancel')}
              </Button>
              <Button type="submit" color="orange" loading={create.isPending}>
                {t('purchasing.screen.returnAction')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
