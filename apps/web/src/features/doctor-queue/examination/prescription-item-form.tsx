import { DRUG_ROUTES, type DrugRoute } from '@klinikita/domain/consultations/consultation.rules';
import {
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { drugLabel } from '../../../shared/consultations/drugs-api.ts';
import { CompoundHeader, CompoundIngredients } from './compound-fields.tsx';
import { DrugSearch } from './drug-search.tsx';
import { FREQUENCY_PICKS } from './prescription-rules.ts';
import type { ItemForm, PrescriptionForm } from './use-prescription-form.ts';

const INSTRUCTION_PICKS = [
  'afterMeal',
  'beforeMeal',
  'withMeal',
  'fever',
  'pain',
  'finish',
  'bedtime',
] as const;
/** Units counted one by one: picking such a drug starts the dose at '1 <unit>'. */
const COUNTED_UNITS = ['tablet', 'tab', 'kapsul', 'kaps', 'kaplet', 'bungkus', 'sachet', 'supp'];

function QuickPicks({
  values,
  onPick,
}: {
  values: { value: string; label: string }[];
  onPick: (v: string) => void;
}) {
  return (
    <Group gap={4}>
      {values.map((v) => (
        <Button
          key={v.value}
          size="compact-xs"
          variant="light"
          color="gray"
          tabIndex={-1}
          onClick={() => onPick(v.value)}
        >
          {v.label}
        </Button>
      ))}
    </Group>
  );
}

/** The line being written: a drug from the master or a racikan, its dose, route and quantity. */
export function PrescriptionItemForm({
  rx,
  editingName,
  searchRef,
}: {
  rx: PrescriptionForm;
  /** The name of the line being edited; undefined while a new one is written. */
  editingName: string | undefined;
  searchRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const { form, setForm, editing, err, set, clearError, suggested, submit, cancel, switchKind } = rx;
  const routes = DRUG_ROUTES.map((r) => ({ value: r, label: t(`consultations.routes.${r}`) }));
  return (
    <Paper
      withBorder
      p="xs"
      bg="gray.0"
      component="form"
      onSubmit={submit}
      noValidate
      aria-label={
        editing !== null ? t('examination.rx.editing', { name: editingName }) : t('examination.rx.newItem')
      }
    >
      <Stack gap={6}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <SegmentedControl
            size="xs"
            aria-label={t('examination.rx.kind')}
            value={form.kind}
            onChange={(kind) => switchKind(kind as ItemForm['kind'])}
            data={[
              { value: 'drug', label: t('examination.rx.kindDrug') },
              { value: 'compound', label: t('examination.rx.kindCompound') },
            ]}
          />
          <div style={{ flex: 1, minWidth: 0 }}>
            {form.kind === 'drug' ? (
              <DrugSearch
                label={t('examination.rx.drug')}
                inputRef={searchRef}
                value={form.name}
                linked={form.drugId !== null}
                error={err('name')}
                onType={(name) => {
                  set({ name, drugId: null });
                  clearError('name');
                }}
                onPick={(drug) => {
                  const counted = COUNTED_UNITS.includes(drug.unit.toLowerCase());
                  set({
                    name: drugLabel(drug),
                    drugId: drug.uid,
                    unit: drug.unit,
                    dose: form.dose || (counted ? `1 ${drug.unit}` : ''),
                  });
                  clearError('name', 'unit');
                }}
              />
            ) : (
              <CompoundHeader rx={rx} nameRef={searchRef} />
            )}
          </div>
        </Group>

        {form.kind === 'compound' && <CompoundIngredients rx={rx} />}

        <Grid gap={6}>
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <TextInput
              size="sm"
              label={t('examination.rx.dose')}
              placeholder={t('examination.rx.dosePlaceholder')}
              value={form.dose}
              maxLength={40}
              error={err('dose')}
              onChange={(e) => {
                set({ dose: e.currentTarget.value });
                clearError('dose');
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <TextInput
              size="sm"
              label={t('examination.rx.frequency')}
              placeholder={t('examination.rx.frequencyPlaceholder')}
              value={form.frequency}
              maxLength={40}
              error={err('frequency')}
              onChange={(e) => {
                set({ frequency: e.currentTarget.value });
                clearError('frequency');
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2.5 }}>
            <Select
              size="sm"
              label={t('examination.rx.route')}
              data={routes}
              value={form.route}
              error={err('route')}
              allowDeselect={false}
              searchable
              onChange={(v) => {
                set({ route: v as DrugRoute | null });
                clearError('route');
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 1.5 }}>
            <NumberInput
              size="sm"
              label={t('examination.rx.duration')}
              value={form.durationDays}
              min={1}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              error={err('durationDays')}
              onChange={(v) => {
                set({ durationDays: v });
                clearError('durationDays');
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <NumberInput
              size="sm"
              label={t('examination.rx.quantity')}
              value={form.quantity}
              min={0}
              allowNegative={false}
              hideControls
              error={err('quantity')}
              description={
                suggested !== null && Number(form.quantity) !== suggested
                  ? t('examination.rx.suggested', { quantity: suggested, unit: form.unit })
                  : undefined
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              onChange={(v) => {
                setForm((f) => ({ ...f, quantity: v, quantityTyped: v !== '' }));
                clearError('quantity');
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <TextInput
              size="sm"
              label={t('examination.rx.unit')}
              value={form.unit}
              maxLength={30}
              error={err('unit')}
              onChange={(e) => {
                set({ unit: e.currentTarget.value });
                clearError('unit');
              }}
            />
          </Grid.Col>
        </Grid>
        <QuickPicks
          values={FREQUENCY_PICKS.map((f) => ({ value: f, label: f }))}
          onPick={(frequency) => {
            set({ frequency });
            clearError('frequency');
          }}
        />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            size="sm"
            style={{ flex: 1 }}
            label={t('examination.rx.instructions')}
            placeholder={t('examination.rx.instructionsPlaceholder')}
            value={form.instructions}
            maxLength={300}
            error={err('instructions')}
            onChange={(e) => set({ instructions: e.currentTarget.value })}
          />
          {editing !== null && (
            <Button variant="default" onClick={cancel}>
              {t('examination.rx.cancelEdit')}
            </Button>
          )}
          <Button type="submit" leftSection={editing === null ? <IconPlus size={16} /> : undefined}>
            {t(editing === null ? 'examination.rx.add' : 'examination.rx.update')}
          </Button>
        </Group>
        <QuickPicks
          values={INSTRUCTION_PICKS.map((k) => ({
            value: t(`examination.rx.quickPicks.${k}`),
            label: t(`examination.rx.quickPicks.${k}`),
          }))}
          onPick={(text) =>
            set({
              instructions: form.instructions.trim() ? `${form.instructions.trim()}, ${text}` : text,
            })
          }
        />
      </Stack>
    </Paper>
  );
}
