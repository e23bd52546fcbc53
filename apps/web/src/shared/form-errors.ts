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
