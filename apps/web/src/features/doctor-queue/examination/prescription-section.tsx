import type { PrescriptionItem } from '@klinikita/domain/consultations/encounter.schema';
import { Stack, Text } from '@mantine/core';
import { memo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PrescriptionItemForm } from './prescription-item-form.tsx';
import { PrescriptionLines } from './prescription-lines.tsx';
import { usePrescriptionForm } from './use-prescription-form.ts';

/**
 * The prescription (Resep): the lines already written, and the line being written below them —
 * a drug from the master or a compounded preparation (racikan) — added only once the shared
 * schema accepts it, so the draft the screen saves is always whole.
 */
export const PrescriptionSection = memo(function PrescriptionSection({
  items,
  onChange,
  searchRef,
  readOnly,
}: {
  items: readonly PrescriptionItem[];
  onChange: (items: PrescriptionItem[]) => void;
  searchRef?: Ref<HTMLInputElement>;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const rx = usePrescriptionForm(items, onChange);
  const full = items.length >= 30 && rx.editing === null;

  return (
    <Stack gap="xs">
      <PrescriptionLines
        items={items}
        editing={rx.editing}
        readOnly={readOnly}
        onEdit={rx.edit}
        onRemove={(index) => {
          onChange(items.filter((_, i) => i !== index));
          if (rx.editing === index) rx.cancel();
        }}
      />
      {!readOnly && !full && (
        <PrescriptionItemForm
          rx={rx}
          editingName={rx.editing !== null ? items[rx.editing]?.name : undefined}
          searchRef={searchRef}
        />
      )}
      {!readOnly && full && (
        <Text size="sm" c="dimmed">
          {t('examination.rx.full')}
        </Text>
      )}
    </Stack>
  );
});
