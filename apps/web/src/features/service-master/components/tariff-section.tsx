import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { toDDMMYYYY } from '@klinikita/domain/common/dates';
import { formatRupiah } from '@klinikita/domain/common/format';
import type { ServiceDetail, ServicePrice } from '@klinikita/domain/services/service.schema';
import { Alert, Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useEndPrice } from '../api/services-api.ts';
import { PriceForm } from './price-form.tsx';

type PeriodState = 'past' | 'current' | 'future';
const stateOf = (p: ServicePrice, today: string): PeriodState =>
  p.validTo !== null && p.validTo < today ? 'past' : p.validFrom > today ? 'future' : 'current';
const STATE_COLORS: Record<PeriodState, string> = { past: 'gray', current: 'teal', future: 'blue' };

/**
 * The tariffs of a service: every price period by clinic (corporate-wide first) and payer class,
 * newest first, with its components; a new tariff, and ending one that has not ended.
 */
export function TariffSection({ service, canManage }: { service: ServiceDetail; canManage: boolean }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const today = clinicDay(user.timeZone);
  const [adding, setAdding] = useState(false);
  const [ending, setEnding] = useState<ServicePrice | null>(null);
  const period = (p: ServicePrice) =>
    `${toDDMMYYYY(p.validFrom)} – ${p.validTo ? toDDMMYYYY(p.validTo) : t('services.onwards')}`;
  const where = (p: ServicePrice) => p.clinicName ?? t('services.scopeAll');
  const money = (n: number) => (
    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
      {formatRupiah(n)}
    </Table.Td>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={600}>{t('services.tariffTitle')}</Text>
          <Text size="xs" c="dimmed" maw={560}>
            {t('services.tariffHint')}
          </Text>
        </div>
        {canManage && !adding && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
            {t('services.newPrice')}
          </Button>
        )}
      </Group>
      {adding && <PriceForm serviceUid={service.uid} onDone={() => setAdding(false)} />}
      {service.prices.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('services.pricesEmpty')}
        </Text>
      ) : (
        <ScrollArea>
          <Table striped withTableBorder miw={900} aria-label={t('services.tariffTitle')} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('services.scope')}</Table.Th>
                <Table.Th>{t('services.payerClass')}</Table.Th>
                <Table.Th>{t('services.period')}</Table.Th>
                <Table.Th w={110}>{t('services.colStatus')}</Table.Th>
                <Table.Th ta="right">{t('services.facilityFee')}</Table.Th>
                <Table.Th ta="right">{t('services.professionalFee')}</Table.Th>
                <Table.Th ta="right">{t('services.consumablesFee')}</Table.Th>
                <Table.Th ta="right">{t('services.total')}</Table.Th>
                {canManage && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {service.prices.map((p) => {
                const state = stateOf(p, today);
                const label = `${t(`services.payers.${p.payerClass}`)} ${where(p)} ${period(p)}`;
                return (
                  <Table.Tr key={p.uid} c={state === 'past' ? 'dimmed' : undefined}>
                    <Table.Td>{where(p)}</Table.Td>
                    <Table.Td>{t(`services.payers.${p.payerClass}`)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{period(p)}</Table.Td>
                    <Table.Td miw={110}>
                      <Badge
                        size="xs"
                        variant="light"
                        color={STATE_COLORS[state]}
                        style={{ overflow: 'visible' }}
                      >
                        {t(`services.periodState.${state}`)}
                      </Badge>
                    </Table.Td>
                    {money(p.facilityFee)}
                    {money(p.professionalFee)}
                    {money(p.consumablesFee)}
                    <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {formatRupiah(p.total)}
                    </Table.Td>
                    {canManage && (
                      <Table.Td>
                        {state !== 'past' && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            aria-label={t('services.endPriceLabel', { name: label })}
                            onClick={() => setEnding(p)}
                          >
                            {t('services.endPrice')}
                          </Button>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {ending && (
        <EndPriceModal
          serviceUid={service.uid}
          price={ending}
          initial={ending.validTo ?? (today >= ending.validFrom ? today : ending.validFrom)}
          onClose={() => setEnding(null)}
        />
      )}
    </Stack>
  );
}

/** Ends a price on a day (its last valid day); the amounts stay as they are. */
function EndPriceModal({
  serviceUid,
  price,
  initial,
  onClose,
}: {
  serviceUid: string;
  price: ServicePrice;
  initial: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const end = useEndPrice();
  const [validTo, setValidTo] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  function submit() {
    end.mutate(
      { uid: serviceUid, priceUid: price.uid, validTo },
      {
        onSuccess: (res) => {
          notifications.show({ color: 'teal', message: translateMessage(res.message) });
          onClose();
        },
        onError: (e) => {
          if (!(e instanceof ApiError) || isUnexpectedError(e)) return void reportUnexpectedError(e);
          setError(e.errors[0]?.message && e.status === 400 ? e.errors[0].message : e.message);
        },
      },
    );
  }
  return (
    <Modal opened onClose={onClose} title={t('services.endTitle')} size="sm">
      <Stack gap="sm">
        <Text size="sm">
          {t(`services.payers.${price.payerClass}`)} · {price.clinicName ?? t('services.scopeAll')} ·{' '}
          {formatRupiah(price.total)}
        </Text>
        <TextInput
          type="date"
          label={t('services.validTo')}
          description={t('services.endHint')}
          value={validTo}
          onChange={(e) => {
            setValidTo(e.currentTarget.value);
            setError(null);
          }}
        />
        {error && (
          <Alert color="orange" variant="light">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('services.cancel')}
          </Button>
          <Button color="red" loading={end.isPending} disabled={!validTo} onClick={submit}>
            {t('services.endPrice')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
