import { en } from './en.ts';
import { type Catalog, id } from './id.ts';
import type { Locale } from './locale.ts';

export const catalogs: Record<Locale, Catalog> = { id, en };

/**
 * Translates a dotted key ('api.forbidden'); a text that is not a key (a spec message written to
 * the letter, e.g. 'Nama Tidak Boleh Kosong') comes back unchanged.
 */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  let node: unknown = catalogs[locale] ?? id;
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  const text = typeof node === 'string' ? node : key;
  // `{{status, status}}`: a registration status as staff read it (the API keeps the spec's names)
  return text.replace(/\{\{(\w+)(?:,\s*(\w+))?\}\}/g, (_, name: string, format?: string) => {
    const value = String(params[name] ?? '');
    if (format !== 'status') return value;
    const label = (catalogs[locale] ?? id).registrations.statuses as Record<string, string>;
    return label[value] ?? value;
  });
}
