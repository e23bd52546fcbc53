import type { PrescriptionItem } from '@klinikita/domain/consultations/encounter.schema';
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** One prescription line as the pharmacy will read it. */
function ItemLine({ item, index }: { item: PrescriptionItem; index: number }) {
  const { t } = useTranslation();
  return (
    <div style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" c="dimmed" w={18}>
          {index + 1}.
        </Text>
        <Text size="sm" fw={700}>
          {item.name}
        </Text>
        {item.kind === 'compound' && (
          <Badge size="xs" variant="light">
            {t('examination.rx.kindCompound')}
            {item.compoundForm ? ` · ${t(`examination.rx.forms.${item.compoundForm}`)}` : ''}
          </Badge>
        )}
        <Text size="sm" fw={600} c="teal.8" ml="auto" style={{ whiteSpace: 'nowrap' }}>
          {item.quantity.toLocaleString('id-ID')} {item.unit}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" pl={24}>
        {[
          t('examination.rx.line', {
            dose: item.dose,
            frequency: item.frequency,
            route: t(`consultations.routes.${item.route}`),
          }),
          item.durationDays ? t('examination.rx.days', { count: item.durationDays }) : null,
          item.instructions,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      {item.kind === 'compound' && item.ingredients.length > 0 && (
        <Text size="xs" c="dimmed" pl={24}>
          {item.ingredients.map((i) => `${i.name} ${i.amount}`).join(' + ')}
        </Text>
      )}
    </div>
  );
}

/** The lines already written, each with its edit and remove buttons unless read only. */
export function PrescriptionLines({
  items,
  editing,
  readOnly,
  onEdit,
  onRemove,
}: {
  items: readonly PrescriptionItem[];
  editing: number | null;
  readOnly?: boolean;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('examination.rx.empty')}
      </Text>
    );
  return (
    <Stack gap={4} component="ol" aria-label={t('examination.sections.prescription')} p={0} m={0}>
      {items.map((item, index) => (
        <Paper
          // biome-ignore lint/suspicious/noArrayIndexKey: a line has no id of its own; it is edited by its place
          key={`${item.name}-${index}`}
          component="li"
          withBorder
          px="xs"
          py={4}
          bg={editing === index ? 'teal.0' : undefined}
          style={{ listStyle: 'none' }}
        >
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <div style={{ flex: 1, minWidth: 0 }}>
              <ItemLine item={item} index={index} />
            </div>
            {!readOnly && (
              <Group gap={2} wrap="nowrap">
                <Tooltip label={t('examination.rx.edit', { name: item.name })}>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={t('examination.rx.edit', { name: item.name })}
                    onClick={() => onEdit(index)}
                  >
                    <IconPencil size={14} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('examination.rx.remove', { name: item.name })}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={t('examination.rx.remove', { name: item.name })}
                    onClick={() => onRemove(index)}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
