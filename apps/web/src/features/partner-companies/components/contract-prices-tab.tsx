import { formatRupiah } from '@klinikita/domain/common/format';
import { contractPriceAddSchema } from '@klinikita/domain/partner-companies/partner-company.schema';
import { Alert, Button, Group, Modal, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import {
  type ContractPrice,
  useAddContractPrice,
  useContractPrices,
  useEndContractPrice,
} from '../api/partner-companies-api.ts';
import { FORM_ERROR, formatDay, serverErrors } from './company-format.ts';
import { type PickedService, ServiceSelect } from './service-picker.tsx';

/** The company's contract prices per service; a new price from a day, a price ended on a day. */
export function ContractPricesTab({ companyUid, manage }: { companyUid: string; manage: boolean }) {
  const { t } = useTranslation();
  const s = (key: string, params: Record<string, unknown> = {}) =>
    t(`partnerCompanies.screen.${key}`, params);
  const prices = useContractPrices(companyUid);
  const [adding, setAdding] = useState(false);
  const [ending, setEnding] = useState<ContractPrice | null>(null);
  const rows = prices.data ?? [];
  return (
    <Stack gap="sm">
      {manage && (
        <Group justify="flex-end">
          <Button size="xs" onClick={() => setAdding(true)}>
            {s('addPrice')}
          </Button>
        </Group>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label={s('tabPrices')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{s('priceService')}</Table.Th>
              <Table.Th ta="right">{s('price')}</Table.Th>
              <Table.Th>{s('validFrom')}</Table.Th>
              <Table.Th>{s('validTo')}</Table.Th>
              {manage && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.uid}>
                <Table.Td>
                  {p.serviceCode} · {p.serviceName}
                </Table.Td>
                <Table.Td ta="right">{formatRupiah(p.price)}</Table.Td>
                <Table.Td>{formatDay(p.validFrom)}</Table.Td>
                <Table.Td>{p.validTo ? formatDay(p.validTo) : s('openEnded')}</Table.Td>
                {manage && (
                  <Table.Td ta="right">
                    <Button size="compact-xs" variant="light" onClick={() => setEnding(p)}>
                      {s('endPrice')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {prices.isSuccess && rows.length === 0 && (
        <Text c="dimmed" size="sm">
          {s('pricesEmpty')}
        </Text>
      )}
      {prices.isError && <Alert color="red">{s('loadFailed')}</Alert>}
      {adding && <AddPriceForm companyUid={companyUid} onClose={() => setAdding(false)} />}
      {ending && <EndPriceForm companyUid={companyUid} price={ending} onClose={() => setEnding(null)} />}
    </Stack>
  );
}

function AddPriceForm({ companyUid, onClose }: { companyUid: string; onClose: () => void }) {
  const { t } = useTranslation();
  const s = (key: string) => t(`partnerCompanies.screen.${key}`);
  const [service, setService] = useState<PickedService | null>(null);
  const [price, setPrice] = useState<number | string>('');
  const [validFrom, setValidFrom] = useState('');
  const [validTo, setValidTo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddContractPrice();
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = contractPriceAddSchema.safeParse({
      serviceUid: service?.uid ?? '',
      price: price === '' ? undefined : Number(price),
      validFrom,
      validTo: validTo || null,
    });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    add.mutate(
      { params: { uid: companyUid }, body: parsed.data },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: translateMessage(answer.message) });
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
    <Modal opened onClose={onClose} title={s('addPrice')} closeOnClickOutside={false}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ServiceSelect
            label={s('priceService')}
            value={service}
            onChange={setService}
            error={errorOf('serviceUid')}
          />
          <NumberInput
            label={s('price')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator="."
            decimalSeparator=","
            value={price}
            onChange={setPrice}
            error={errorOf('price')}
          />
          <Group grow>
            <TextInput
              type="date"
              label={s('validFrom')}
              value={validFrom}
              onChange={(e) => setValidFrom(e.currentTarget.value)}
              error={errorOf('validFrom')}
            />
            <TextInput
              type="date"
              label={s('validTo')}
              value={validTo}
              onChange={(e) => setValidTo(e.currentTarget.value)}
              error={errorOf('validTo')}
            />
          </Group>
          {errors[FORM_ERROR] && <Alert color="orange">{translateMessage(errors[FORM_ERROR])}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {s('cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {s('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function EndPriceForm({
  companyUid,
  price,
  onClose,
}: {
  companyUid: string;
  price: ContractPrice;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const s = (key: string, params: Record<string, unknown> = {}) =>
    t(`partnerCompanies.screen.${key}`, params);
  const [validTo, setValidTo] = useState(price.validTo ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const end = useEndContractPrice();
  function submit(event: FormEvent) {
    event.preventDefault();
    end.mutate(
      { params: { uid: companyUid, priceUid: price.uid }, body: { validTo } },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: translateMessage(answer.message) });
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
    <Modal opened onClose={onClose} title={s('endPriceTitle', { service: price.serviceName })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            type="date"
            label={s('validTo')}
            value={validTo}
            onChange={(e) => setValidTo(e.currentTarget.value)}
            error={errors.validTo ? translateMessage(errors.validTo) : undefined}
          />
          {errors[FORM_ERROR] && <Alert color="orange">{translateMessage(errors[FORM_ERROR])}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {s('cancel')}
            </Button>
            <Button type="submit" loading={end.isPending}>
              {s('endPrice')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
