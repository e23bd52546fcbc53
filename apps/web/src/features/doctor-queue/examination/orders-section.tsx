import {
  ORDER_CATALOGUE,
  ORDER_SERVICES,
  type OrderService,
} from '@klinikita/domain/consultations/consultation.rules';
import type { EncounterOrderDraft } from '@klinikita/domain/consultations/encounter.schema';
import { Autocomplete, Badge, Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import { memo, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';

function ServiceOrder({
  service,
  order,
  onChange,
  inputRef,
}: {
  service: OrderService;
  order: EncounterOrderDraft | undefined;
  onChange: (order: EncounterOrderDraft | null) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const [other, setOther] = useState('');
  const items = order?.items ?? [];
  const catalogue = ORDER_CATALOGUE[service];
  const extra = items.filter((i) => !catalogue.includes(i));
  const serviceName = t(`consultations.services.${service}`);

  const setItems = (next: string[]) =>
    onChange(
      next.length ? { serviceType: service, items: next.slice(0, 40), note: order?.note ?? null } : null,
    );
  const toggle = (item: string, on: boolean) =>
    setItems(on ? [...items.filter((i) => i !== item), item] : items.filter((i) => i !== item));
  const addOther = (text: string) => {
    const item = text.trim().slice(0, 100);
    if (item && !items.some((i) => i.toLowerCase() === item.toLowerCase())) setItems([...items, item]);
    setOther('');
  };

  return (
    <Stack gap={4} role="group" aria-label={serviceName} data-testid={`order-${service}`}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {serviceName}
        </Text>
        {items.length > 0 && (
          <Badge size="sm" variant="light">
            {t('examination.orders.count', { count: items.length })}
          </Badge>
        )}
      </Group>
      <Group gap={4}>
        {[...catalogue, ...extra].map((item) => (
          <Chip key={item} size="xs" checked={items.includes(item)} onChange={(on) => toggle(item, on)}>
            {item}
          </Chip>
        ))}
        <Autocomplete
          ref={inputRef}
          size="xs"
          w={190}
          aria-label={`${serviceName}: ${t('examination.orders.other')}`}
          placeholder={t('examination.orders.otherPlaceholder')}
          data={catalogue.filter((c) => !items.includes(c))}
          value={other}
          maxLength={100}
          onChange={setOther}
          onOptionSubmit={(v) => {
            addOther(v);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && other.trim()) {
              e.preventDefault();
              addOther(other);
            }
          }}
          comboboxProps={{ withinPortal: false }}
        />
      </Group>
      {order && (
        <TextInput
          size="xs"
          label={t('examination.orders.note', { service: serviceName })}
          placeholder={t('examination.orders.notePlaceholder')}
          value={order.note ?? ''}
          maxLength={500}
          onChange={(e) => onChange({ ...order, note: e.currentTarget.value || null })}
        />
      )}
    </Stack>
  );
}

/**
 * Orders to the clinic's services (lab, radiology, physiotherapy, treatment room): quick picks from
 * the catalogue plus free text, one order per service (the shared schema refuses two), a note each.
 */
export const OrdersSection = memo(function OrdersSection({
  orders,
  onChange,
  firstRef,
}: {
  orders: readonly EncounterOrderDraft[];
  onChange: (orders: EncounterOrderDraft[]) => void;
  firstRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const setOrder = (service: OrderService, order: EncounterOrderDraft | null) => {
    const rest = orders.filter((o) => o.serviceType !== service);
    const next = order ? [...rest, order] : rest;
    // keep the catalogue's order of services, whatever order they were picked in
    onChange(ORDER_SERVICES.flatMap((s) => next.filter((o) => o.serviceType === s)));
  };
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {t('examination.orders.hint')}
      </Text>
      {ORDER_SERVICES.map((service, i) => (
        <ServiceOrder
          key={service}
          service={service}
          order={orders.find((o) => o.serviceType === service)}
          onChange={(o) => setOrder(service, o)}
          inputRef={i === 0 ? firstRef : undefined}
        />
      ))}
    </Stack>
  );
});
