import {
  COMPOUND_FORMS,
  DRUG_ROUTES,
  type DrugRoute,
} from '@klinikita/domain/consultations/consultation.rules';
import {
  type PrescriptionItem,
  prescriptionItemSchema,
} from '@klinikita/domain/consultations/consultation.schema';
import {
  ActionIcon,
  Badge,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { type FormEvent, memo, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { drugLabel } from '../../../shared/consultations/drugs-api.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { DrugSearch } from './drug-search.tsx';
import { FREQUENCY_PICKS, suggestQuantity } from './prescription-rules.ts';

type CompoundForm = (typeof COMPOUND_FORMS)[number];
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

interface Ingredient {
  /** The row's identity on screen (rows can be removed from the middle). */
  key: number;
  drugId: string | null;
  name: string;
  amount: string;
}

interface ItemForm {
  kind: 'drug' | 'compound';
  drugId: string | null;
  name: string;
  ingredients: Ingredient[];
  compoundForm: CompoundForm | null;
  dose: string;
  frequency: string;
  route: DrugRoute | null;
  durationDays: number | string;
  quantity: number | string;
  /** Typed by the doctor: no longer follows the suggestion. */
  quantityTyped: boolean;
  unit: string;
  instructions: string;
}

let ingredientKeys = 0;
const newIngredient = (
  from: Omit<Ingredient, 'key'> = { drugId: null, name: '', amount: '' },
): Ingredient => {
  ingredientKeys += 1;
  return { key: ingredientKeys, ...from };
};

const emptyForm = (kind: ItemForm['kind'] = 'drug'): ItemForm => ({
  kind,
  drugId: null,
  name: '',
  ingredients: kind === 'compound' ? [newIngredient(), newIngredient()] : [],
  compoundForm: null,
  dose: '',
  frequency: '',
  route: 'oral',
  durationDays: '',
  quantity: '',
  quantityTyped: false,
  unit: '',
  instructions: '',
});

const formOf = (item: PrescriptionItem): ItemForm => ({
  kind: item.kind,
  drugId: item.drugId ?? null,
  name: item.name,
  ingredients: item.ingredients.map((i) =>
    newIngredient({ drugId: i.drugId ?? null, name: i.name, amount: i.amount }),
  ),
  compoundForm: item.compoundForm ?? null,
  dose: item.dose,
  frequency: item.frequency,
  route: item.route,
  durationDays: item.durationDays ?? '',
  quantity: item.quantity,
  quantityTyped: true,
  unit: item.unit,
  instructions: item.instructions ?? '',
});

const numberOrNull = (v: number | string) => (v === '' || v === null ? null : Number(v));

/** The form as the shared schema reads it. */
const itemOf = (f: ItemForm) => ({
  kind: f.kind,
  drugId: f.kind === 'drug' ? f.drugId : null,
  name: f.name,
  // every row is sent, blank ones too, so a message lands on the row it is about
  ingredients:
    f.kind === 'compound' ? f.ingredients.map(({ drugId, name, amount }) => ({ drugId, name, amount })) : [],
  compoundForm: f.kind === 'compound' ? f.compoundForm : null,
  dose: f.dose,
  frequency: f.frequency,
  route: f.route,
  durationDays: numberOrNull(f.durationDays),
  quantity: f.quantity === '' ? undefined : Number(f.quantity),
  unit: f.unit,
  instructions: f.instructions.trim() ? f.instructions : null,
});

/** Follows the suggestion until the doctor types a quantity. */
function withSuggestion(f: ItemForm): ItemForm {
  if (f.quantityTyped) return f;
  const suggested = suggestQuantity({
    dose: f.dose,
    frequency: f.frequency,
    durationDays: numberOrNull(f.durationDays),
    unit: f.unit,
  });
  return { ...f, quantity: suggested ?? '' };
}

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
  const [form, setForm] = useState<ItemForm>(emptyForm);
  const [editing, setEditing] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const err = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  const set = (patch: Partial<ItemForm>) => setForm((f) => withSuggestion({ ...f, ...patch }));
  const clearError = (...fields: string[]) =>
    setErrors((e) =>
      fields.some((f) => f in e)
        ? Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k)))
        : e,
    );

  const suggested = suggestQuantity({
    dose: form.dose,
    frequency: form.frequency,
    durationDays: numberOrNull(form.durationDays),
    unit: form.unit,
  });

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const parsed = prescriptionItemSchema.safeParse(itemOf(form));
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    const next = [...items];
    if (editing !== null) next[editing] = parsed.data;
    else next.push(parsed.data);
    onChange(next);
    setForm(emptyForm(form.kind));
    setEditing(null);
    setErrors({});
  };

  const edit = (index: number) => {
    setForm(formOf(items[index]));
    setEditing(index);
    setErrors({});
  };
  const cancel = () => {
    setForm(emptyForm(form.kind));
    setEditing(null);
    setErrors({});
  };

  const setIngredient = (index: number, patch: Partial<Ingredient>) =>
    setForm((f) => ({
      ...f,
      ingredients: f.ingredients.map((ing, i) => (i === index ? { ...ing, ...patch } : ing)),
    }));

  const routes = DRUG_ROUTES.map((r) => ({ value: r, label: t(`consultations.routes.${r}`) }));
  const full = items.length >= 30 && editing === null;

  return (
    <Stack gap="xs">
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('examination.rx.empty')}
        </Text>
      ) : (
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
                        onClick={() => edit(index)}
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
                        onClick={() => {
                          onChange(items.filter((_, i) => i !== index));
                          if (editing === index) cancel();
                        }}
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
      )}

      {!readOnly && !full && (
        <Paper
          withBorder
          p="xs"
          bg="gray.0"
          component="form"
          onSubmit={submit}
          noValidate
          aria-label={
            editing !== null
              ? t('examination.rx.editing', { name: items[editing]?.name })
              : t('examination.rx.newItem')
          }
        >
          <Stack gap={6}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <SegmentedControl
                size="xs"
                aria-label={t('examination.rx.kind')}
                value={form.kind}
                onChange={(kind) => {
                  setForm(emptyForm(kind as ItemForm['kind']));
                  setErrors({});
                }}
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
                  <Group gap="xs" align="flex-start" wrap="nowrap">
                    <TextInput
                      ref={searchRef}
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
                          unit:
                            form.unit ||
                            (compoundForm ? t(`examination.rx.compoundUnits.${compoundForm}`) : ''),
                        });
                        clearError('compoundForm', 'unit');
                      }}
                    />
                  </Group>
                )}
              </div>
            </Group>

            {form.kind === 'compound' && (
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
                      onClick={() =>
                        setForm((f) => ({ ...f, ingredients: f.ingredients.filter((_, j) => j !== i) }))
                      }
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
                    onClick={() =>
                      setForm((f) => ({ ...f, ingredients: [...f.ingredients, newIngredient()] }))
                    }
                  >
                    {t('examination.rx.addIngredient')}
                  </Button>
                </Group>
              </Stack>
            )}

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
      )}
      {!readOnly && full && (
        <Text size="sm" c="dimmed">
          {t('examination.rx.full')}
        </Text>
      )}
    </Stack>
  );
});
