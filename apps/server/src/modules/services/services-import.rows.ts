import { parseDay } from '@klinikita/domain/common/dates';
import type { Locale } from '@klinikita/domain/i18n/locale';
import { translate } from '@klinikita/domain/i18n/translate';
import {
  PAYER_CLASSES,
  type PriceAddInput,
  priceAddSchema,
  SERVICE_GROUPS,
  type ServiceSaveInput,
  serviceSaveSchema,
  TAX_CATEGORIES,
} from '@klinikita/domain/services/service.schema';
import type { CellValue, SheetRow } from './services-xlsx.ts';

/**
 * The cells of an imported row read into the save and price inputs, validated by the same domain
 * schemas as the API; each bad cell becomes an issue naming its column.
 */

/** A bad cell: its column (the field) and the message key. */
export interface CellIssue {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

const LOCALES: Locale[] = ['id', 'en'];
const norm = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
const BAD = Symbol('bad');

const text = (v: CellValue | undefined): string | undefined => {
  if (v === undefined) return undefined;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).trim();
};

/** A code or its label in either language (`services.groups.lab` → 'Laboratorium'). */
function choice<T extends string>(v: CellValue | undefined, values: readonly T[], labels: string) {
  const t = text(v);
  if (t === undefined || t === '') return undefined;
  const wanted = norm(t);
  return (
    values.find(
      (value) =>
        norm(value) === wanted ||
        LOCALES.some((l) => norm(translate(l, `services.${labels}.${value}`)) === wanted),
    ) ?? BAD
  );
}

function yesNo(v: CellValue | undefined, fallback: boolean): boolean | typeof BAD {
  if (v === undefined) return fallback;
  if (typeof v === 'boolean') return v;
  const t = norm(String(v));
  if (['ya', 'yes', 'y', 'true', '1', 'aktif', 'active'].includes(t)) return true;
  if (['tidak', 'no', 'n', 'false', '0', 'nonaktif', 'inactive'].includes(t)) return false;
  return BAD;
}

/** A day: a date cell, an Excel day number, YYYY-MM-DD or DD/MM/YYYY. */
function day(v: CellValue | undefined): string | null | typeof BAD {
  if (v === undefined) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 1) return BAD;
    return new Date(Date.UTC(1899, 11, 30 + v)).toISOString().slice(0, 10);
  }
  const t = String(v).trim();
  return parseDay('iso', t) ?? parseDay('ddmmyyyy', t) ?? BAD;
}

/** Whole rupiah: a number, or a text such as 'Rp 150.000'; blank is 0. */
function amount(v: CellValue | undefined): number | typeof BAD {
  if (v === undefined) return 0;
  if (typeof v === 'number') return v;
  const t = String(v)
    .replace(/^rp\.?\s*/i, '')
    .trim();
  if (!/^\d{1,3}(\.\d{3})*$|^\d+$/.test(t)) return BAD;
  return Number(t.replace(/\./g, ''));
}

/** "FIS-SESI × 6; LAB-SGOT": codes with a quantity after ×, * or x. */
function items(v: CellValue | undefined): { code: string; quantity: number }[] | typeof BAD {
  const t = text(v);
  if (!t) return [];
  const parts = t
    .split(/[;,\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const parsed = parts.map((p) => {
    const m = /^(.+?)(?:\s*[×*]\s*|\s+x\s*)(\d+)$/i.exec(p);
    return m ? { code: m[1].trim(), quantity: Number(m[2]) } : { code: p, quantity: 1 };
  });
  return parsed.every((p) => /^\S+$/.test(p.code)) ? parsed : BAD;
}

/** Issues of a schema parse, by the first part of their path (the column). */
const schemaIssues = (
  issues: { path: PropertyKey[]; message: string }[],
  rename: Record<string, string> = {},
) =>
  issues.map((i) => {
    const field = String(i.path[0] ?? '');
    return { field: rename[field] ?? field, key: i.message };
  });

export interface ServiceRowInput {
  /** The save input; its items name their services by code (resolved once every row is written). */
  input: ServiceSaveInput;
  specialistName: string | null;
  active: boolean;
}

export function readServiceRow(
  row: SheetRow<string>,
): { ok: true; value: ServiceRowInput } | { ok: false; issues: CellIssue[] } {
  const c = row.cells as Record<string, CellValue | undefined>;
  const issues: CellIssue[] = [];
  const group = choice(c.group, SERVICE_GROUPS, 'groups');
  const taxCategory = choice(c.taxCategory, TAX_CATEGORIES, 'taxes') ?? 'exempt';
  const isPackage = yesNo(c.isPackage, false);
  const active = yesNo(c.active, true);
  const itemList = items(c.items);
  if (group === BAD) issues.push({ field: 'group', key: 'services.importBadChoice' });
  if (taxCategory === BAD) issues.push({ field: 'taxCategory', key: 'services.importBadChoice' });
  if (isPackage === BAD) issues.push({ field: 'isPackage', key: 'services.importBadYesNo' });
  if (active === BAD) issues.push({ field: 'active', key: 'services.importBadYesNo' });
  if (itemList === BAD) issues.push({ field: 'items', key: 'services.importBadItems' });
  const parsed = serviceSaveSchema.safeParse({
    code: text(c.code),
    nameId: text(c.nameId),
    nameEn: text(c.nameEn),
    group: group === BAD ? 'other' : group,
    unit: text(c.unit),
    taxCategory: taxCategory === BAD ? 'exempt' : taxCategory,
    icd9Code: text(c.icd9Code) ?? null,
    specialistId: null,
    isPackage: isPackage === BAD ? false : isPackage,
    items: itemList === BAD ? [] : itemList.map((i) => ({ serviceUid: i.code, quantity: i.quantity })),
  });
  if (!parsed.success) {
    const known = new Set(issues.map((i) => i.field));
    issues.push(...schemaIssues(parsed.error.issues).filter((i) => !known.has(i.field)));
  }
  if (issues.length || !parsed.success) return { ok: false, issues };
  return {
    ok: true,
    value: { input: parsed.data, specialistName: text(c.specialist) || null, active: active as boolean },
  };
}

export interface PriceRowInput {
  code: string;
  input: PriceAddInput;
}

export function readPriceRow(
  row: SheetRow<string>,
): { ok: true; value: PriceRowInput } | { ok: false; issues: CellIssue[] } {
  const c = row.cells as Record<string, CellValue | undefined>;
  const issues: CellIssue[] = [];
  const code = text(c.code);
  if (!code) issues.push({ field: 'code', key: 'services.codeRequired' });
  const payerClass = choice(c.payerClass, PAYER_CLASSES, 'payers');
  if (payerClass === BAD) issues.push({ field: 'payerClass', key: 'services.importBadChoice' });
  const clinic = text(c.clinicId);
  const clinicId = clinic ? Number(clinic) : null;
  if (clinicId !== null && !(Number.isInteger(clinicId) && clinicId > 0))
    issues.push({ field: 'clinicId', key: 'services.importBadClinic' });
  const validFrom = day(c.validFrom);
  const validTo = day(c.validTo);
  for (const [field, value] of [
    ['validFrom', validFrom],
    ['validTo', validTo],
  ] as const)
    if (value === BAD) issues.push({ field, key: 'services.dateInvalid' });
  const fees = {
    facilityFee: amount(c.facilityFee),
    professionalFee: amount(c.professionalFee),
    consumablesFee: amount(c.consumablesFee),
  };
  for (const [field, value] of Object.entries(fees))
    if (value === BAD) issues.push({ field, key: 'services.feeWhole' });
  const parsed = priceAddSchema.safeParse({
    clinicId,
    payerClass: payerClass === BAD ? 'general' : payerClass,
    validFrom: validFrom === BAD ? undefined : (validFrom ?? undefined),
    validTo: validTo === BAD ? null : validTo,
    ...Object.fromEntries(Object.entries(fees).map(([k, v]) => [k, v === BAD ? 0 : v])),
  });
  if (!parsed.success) {
    const known = new Set(issues.map((i) => i.field));
    issues.push(...schemaIssues(parsed.error.issues).filter((i) => !known.has(i.field)));
  }
  if (issues.length || !parsed.success || !code) return { ok: false, issues };
  return { ok: true, value: { code, input: parsed.data } };
}
