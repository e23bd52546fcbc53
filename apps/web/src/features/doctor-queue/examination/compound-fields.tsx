import { COMPOUND_FORMS } from '@klinikita/domain/consultations/consultation.rules';
import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { drugLabel } from '../../../shared/consultations/drugs-api.ts';
import { DrugSearch } from './drug-search.tsx';
import { type CompoundForm, newIngredient, type PrescriptionForm } from './use-prescription-form.ts';

/** A compounded preparation (racikan): its name and the form it is made up into. */
export function CompoundHeader({
  rx: { form, err, set, clearError },
  nameRef,
}: {
  rx: PrescriptionForm;
  nameRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        ref={nameRef}
        size="sm"
        style={{ flex: 1 }}
        label={t('examination.rx.compoundName')}
        placeholder={t('examination.rx.compoundNamePlaceholder')}
        value={form.name}
        maxLength={200}
        error={err('name')}
        onChange={(e) => {
          set({ name: e.currentTarget.value });
          clearError('name');
        }}
      />
      <Select
        size="sm"
        w={140}
        label={t('examination.rx.compoundForm')}
        data={COMPOUND_FORMS.map((f) => ({ value: f, label: t(`examination.rx.forms.${f}`) }))}
        value={form.compoundForm}
        error={err('compoundForm')}
        allowDeselect={false}
        onChange={(v) => {
          const compoundForm = v as CompoundForm | null;
          set({
            compoundForm,
            unit: form.unit || (compoundForm ? t(`examination.rx.compoundUnits.${compoundForm}`) : ''),
          });
          clearError('compoundForm', 'unit');
        }}
      />
    </Group>
  );
}

/** The ingredients of a racikan, each a drug (from the master or typed) and its amount. */
export function CompoundIngredients({
  rx: { form, setForm, err, clearError, setIngredient },
}: {
  rx: PrescriptionForm;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} role="group" aria-label={t('examination.rx.ingredients')}>
      <Text size="sm" fw={500}>
        {t('examination.rx.ingredients')}
      </Text>
      {form.ingredients.map((ing, i) => (
        <Group key={ing.key} gap="xs" align="flex-start" wrap="nowrap">
          <div style={{ flex: 1, minWidth: 0 }}>
            <DrugSearch
              size="xs"
              label={t('examination.rx.ingredient', { n: i + 1 })}
              value={ing.name}
              linked={ing.drugId !== null}
              error={err(`ingredients.${i}.name`)}
              onType={(name) => {
                setIngredient(i, { name, drugId: null });
                clearError(`ingredients.${i}.name`, 'ingredients');
              }}
              onPick={(drug) => {
                setIngredient(i, { name: drugLabel(drug), drugId: drug.uid });
                clearError(`ingredients.${i}.name`, 'ingredients');
              }}
            />
          </div>
          <TextInput
            size="xs"
            w={150}
            label={t('examination.rx.ingredientAmount', { n: i + 1 })}
            placeholder={t('examination.rx.amountPlaceholder')}
            value={ing.amount}
            maxLength={40}
            error={err(`ingredients.${i}.amount`)}
            onChange={(e) => {
              setIngredient(i, { amount: e.currentTarget.value });
              clearError(`ingredients.${i}.amount`, 'ingredients');
            }}
          />
          <ActionIcon
            mt={22}
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('examination.rx.removeIngredient', { n: i + 1 })}
            onClick={() => setForm((f) => ({ ...f, ingredients: f.ingredients.filter((_, j) => j !== i) }))}
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
      ))}
      {err('ingredients') && (
        <Text size="xs" c="red.7" role="alert">
          {err('ingredients')}
        </Text>
      )}
      <Group>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconPlus size={12} />}
          disabled={form.ingredients.length >= 10}
          onClick={() => setForm((f) => ({ ...f, ingredients: [...f.ingredients, newIngredient()] }))}
        >
          {t('examination.rx.addIngredient')}
        </Button>
      </Group>
    </Stack>
  );
}
