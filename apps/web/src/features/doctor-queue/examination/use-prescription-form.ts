import type { COMPOUND_FORMS, DrugRoute } from '@klinikita/domain/consultations/consultation.rules';
import {
  type PrescriptionItem,
  prescriptionItemSchema,
} from '@klinikita/domain/consultations/encounter.schema';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { suggestQuantity } from './prescription-rules.ts';

export type CompoundForm = (typeof COMPOUND_FORMS)[number];

export interface Ingredient {
  /** The row's identity on screen (rows can be removed from the middle). */
  key: number;
  drugId: string | null;
  name: string;
  amount: string;
}

export interface ItemForm {
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
export const newIngredient = (
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

const suggestionOf = (f: ItemForm) =>
  suggestQuantity({
    dose: f.dose,
    frequency: f.frequency,
    durationDays: numberOrNull(f.durationDays),
    unit: f.unit,
  });

/** Follows the suggestion until the doctor types a quantity. */
function withSuggestion(f: ItemForm): ItemForm {
  if (f.quantityTyped) return f;
  return { ...f, quantity: suggestionOf(f) ?? '' };
}

/**
 * The line being written: its fields, the schema's messages by field, and the line's place when
 * an existing one is edited. `submit` adds or replaces the line only once the schema accepts it.
 */
export function usePrescriptionForm(
  items: readonly PrescriptionItem[],
  onChange: (items: PrescriptionItem[]) => void,
) {
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

  const reset = (kind: ItemForm['kind']) => {
    setForm(emptyForm(kind));
    setEditing(null);
    setErrors({});
  };

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
    reset(form.kind);
  };

  const edit = (index: number) => {
    setForm(formOf(items[index]));
    setEditing(index);
    setErrors({});
  };

  const setIngredient = (index: number, patch: Partial<Ingredient>) =>
    setForm((f) => ({
      ...f,
      ingredients: f.ingredients.map((ing, i) => (i === index ? { ...ing, ...patch } : ing)),
    }));

  return {
    form,
    setForm,
    editing,
    err,
    set,
    clearError,
    suggested: suggestionOf(form),
    submit,
    edit,
    cancel: () => reset(form.kind),
    switchKind: (kind: ItemForm['kind']) => {
      setForm(emptyForm(kind));
      setErrors({});
    },
    setIngredient,
  };
}

export type PrescriptionForm = ReturnType<typeof usePrescriptionForm>;
