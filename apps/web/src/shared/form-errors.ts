import { translateMessage } from './i18n/i18n.ts';

/** One error entry as zod (`path` array) or the API envelope (`path` string) gives it. */
interface ErrorEntry {
  path: string | readonly PropertyKey[];
  message: string;
}

/**
 * Maps validation errors onto form fields: field name → message (a catalogue key or a sentence;
 * translate it when rendering so a language switch applies). The first error of a field wins.
 */
export function toFieldErrors(entries: readonly ErrorEntry[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const entry of entries) {
    const field = typeof entry.path === 'string' ? entry.path : entry.path.map(String).join('.');
    if (!(field in fields)) fields[field] = entry.message;
  }
  return fields;
}

/** The errors without those of the fields just edited: what is left marked still needs fixing. */
export function withoutFields(errors: Record<string, string>, fields: readonly string[]) {
  return fields.some((f) => f in errors)
    ? Object.fromEntries(Object.entries(errors).filter(([k]) => !fields.includes(k)))
    : errors;
}

/**
 * A form's message lookup (translated when rendered) and the value, change handler and message
 * of a text field, with an optional mask (digits only, DD/MM/YYYY).
 */
export function fieldBindings<V>(
  values: V,
  set: (key: keyof V, value: string) => void,
  errors: Record<string, string>,
) {
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);
  const text = (key: keyof V & string, transform: (v: string) => string = (v) => v) => ({
    value: values[key] as string,
    onChange: (e: { currentTarget: { value: string } }) => set(key, transform(e.currentTarget.value)),
    error: errorOf(key),
  });
  return { errorOf, text };
}
