import type { Locale } from '@klinikita/domain/i18n/locale';
import type { ImportIssue, ImportResult } from '@klinikita/domain/services/service.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicInScope } from '../../shared/access.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { pricesOfScope, pricesOfServices } from './service-prices.queries.ts';
import { addPriceTo } from './service-prices.service.ts';
import { toPackageItem, toPrice, toService } from './services.mapper.ts';
import {
  allServices,
  findServicesByCode,
  findSpecialist,
  lockService,
  packageItemsOf,
  type ServiceTableRow,
} from './services.queries.ts';
import { auditService, changeServiceWith, insertServiceWith } from './services.service.ts';
import {
  type PriceRowInput,
  readPriceRow,
  readServiceRow,
  type ServiceRowInput,
} from './services-import.rows.ts';
import { buildWorkbook, readWorkbook } from './services-xlsx.ts';

/** Import and export of the service master as xlsx (sheets Layanan and Tarif). */

/** Most data rows of one sheet. */
export const IMPORT_MAX_ROWS = 5000;

/** An issue before translation: the route words it in the caller's language. */
export interface PendingIssue extends Omit<ImportIssue, 'message'> {
  key: string;
  params?: Record<string, string | number>;
}

/** An import with bad rows: nothing was written, each bad cell is named. */
export class ImportRefusal extends Error {
  constructor(readonly issues: PendingIssue[]) {
    super('importRejected');
  }
}

/** Field errors of a save (`items.0.serviceUid`, `specialistId`) as the sheet's column names. */
const COLUMN_OF: Record<string, string> = { specialistId: 'specialist', items: 'items' };
const columnOf = (path: string) => COLUMN_OF[path.split('.')[0]] ?? path.split('.')[0];

export async function exportServices(db: Db, session: AuthSession, locale: Locale): Promise<Buffer> {
  const rows = await allServices(db, session.corpId);
  const ids = rows.map((r) => r.id);
  const [items, prices] = await Promise.all([packageItemsOf(db, ids), pricesOfServices(db, ids)]);
  return buildWorkbook(
    {
      services: rows.map((r) => ({ ...toService(r), items: (items.get(r.id) ?? []).map(toPackageItem) })),
      prices: rows.flatMap((r) =>
        (prices.get(r.id) ?? [])
          .map((p) => ({ ...toPrice(p), code: r.code }))
          .sort((a, b) => (a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : 0)),
      ),
    },
    locale,
  );
}

interface Counts {
  created: number;
  updated: number;
  unchanged: number;
}

/** The services sheet: new codes inserted first (so items may name them), then every row saved with its items. */
async function importServiceRows(
  tx: Executor,
  session: AuthSession,
  rows: { row: number; value: ServiceRowInput }[],
  issues: PendingIssue[],
): Promise<{ counts: Counts; codes: { created: string[]; updated: string[] } }> {
  const counts: Counts = { created: 0, updated: 0, unchanged: 0 };
  const codes = { created: [] as string[], updated: [] as string[] };
  const issue = (row: number, field: string, key: string) =>
    issues.push({ sheet: 'services', row, field, key });
  // the rows' own codes and those their items name (a row may name a service of the master)
  const existing = await findServicesByCode(
    tx,
    session.corpId,
    rows.flatMap((r) => [r.value.input.code, ...r.value.input.items.map((i) => i.serviceUid)]),
  );
  const isNew = new Set<number>();
  const saved: {
    row: number;
    value: ServiceRowInput;
    before: ServiceTableRow;
    specialistUid: string | null;
  }[] = [];
  for (const { row, value } of rows) {
    let specialistUid: string | null = null;
    if (value.specialistName) {
      const specialist = await findSpecialist(tx, { name: value.specialistName });
      if (!specialist) {
        issue(row, 'specialist', 'services.specialistUnknown');
        continue;
      }
      specialistUid = specialist.uid;
    }
    let before = existing.get(value.input.code.toLowerCase());
    if (!before) {
      const input = { ...value.input, items: [], specialistId: specialistUid };
      before = await insertServiceWith(tx, session, input, value.active);
      existing.set(before.code.toLowerCase(), before);
      isNew.add(row);
    }
    saved.push({ row, value, before, specialistUid });
  }
  for (const { row, value, before, specialistUid } of saved) {
    const items = value.input.items.map((i) => ({
      serviceUid: existing.get(i.serviceUid.toLowerCase())?.uid ?? `unknown:${i.serviceUid}`,
      quantity: i.quantity,
    }));
    try {
      const input = { ...value.input, specialistId: specialistUid, items };
      const changed = await changeServiceWith(tx, session, before, input, value.active);
      if (isNew.has(row)) {
        counts.created++;
        codes.created.push(value.input.code);
      } else if (Object.keys(changed).length) {
        counts.updated++;
        codes.updated.push(value.input.code);
      } else counts.unchanged++;
    } catch (error) {
      if (!(error instanceof AppError) || !error.fields.length) throw error;
      for (const f of error.fields) issue(row, columnOf(f.path), f.key);
    }
  }
  return { counts, codes };
}

/** The prices sheet, by start day: periods that exist as they are stay; others are added as the API adds them. */
async function importPriceRows(
  tx: Executor,
  session: AuthSession,
  rows: { row: number; value: PriceRowInput }[],
  issues: PendingIssue[],
): Promise<{ added: number; unchanged: number }> {
  let added = 0;
  let unchanged = 0;
  const services = await findServicesByCode(
    tx,
    session.corpId,
    rows.map((r) => r.value.code),
  );
  const locked = new Set<number>();
  const sorted = [...rows].sort((a, b) => (a.value.input.validFrom < b.value.input.validFrom ? -1 : 1));
  for (const { row, value } of sorted) {
    const issue = (field: string, key: string, params?: Record<string, string | number>) =>
      issues.push({ sheet: 'prices', row, field, key, params });
    const service = services.get(value.code.toLowerCase());
    if (!service) {
      issue('code', 'services.importUnknownCode');
      continue;
    }
    const { input } = value;
    if (input.clinicId !== null && !clinicInScope(session, input.clinicId)) {
      issue('clinicId', 'services.importClinicForbidden');
      continue;
    }
    if (!locked.has(service.id)) {
      await lockService(tx, service.id);
      locked.add(service.id);
    }
    const scope = await pricesOfScope(tx, { serviceId: service.id, ...input });
    const same = scope.find(
      (p) =>
        p.validFrom === input.validFrom &&
        p.validTo === (input.validTo ?? null) &&
        p.facilityFee === input.facilityFee &&
        p.professionalFee === input.professionalFee &&
        p.consumablesFee === input.consumablesFee,
    );
    if (same) {
      unchanged++;
      continue;
    }
    try {
      await addPriceTo(tx, session, service, input);
      added++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      issue('validFrom', error.key, error.params);
    }
  }
  return { added, unchanged };
}

/**
 * Imports a workbook, all or nothing: services added or changed by code (with their items and
 * status), then new price periods; any bad row refuses the whole file (ImportRefusal), and
 * nothing is written. One audit row names what changed.
 */
export async function importServices(
  db: Db,
  session: AuthSession,
  content: Buffer,
  ip: string,
): Promise<ImportResult> {
  const book = await readWorkbook(content);
  if (!book || (!book.services.length && !book.prices.length))
    throw new AppError(400, 'services.importUnreadable');
  if (book.services.length > IMPORT_MAX_ROWS || book.prices.length > IMPORT_MAX_ROWS)
    throw new AppError(400, 'services.importTooMany', { max: IMPORT_MAX_ROWS });
  const issues: PendingIssue[] = [];
  const serviceRows: { row: number; value: ServiceRowInput }[] = [];
  const seen = new Map<string, number>();
  // the codes of bad service rows: their prices are not checked (the row is reported already)
  const badCodes = new Set<string>();
  for (const r of book.services) {
    const read = readServiceRow(r);
    if (!read.ok) {
      for (const i of read.issues) issues.push({ sheet: 'services', row: r.row, ...i });
      badCodes.add(
        String(r.cells.code ?? '')
          .trim()
          .toLowerCase(),
      );
      continue;
    }
    const code = read.value.input.code.toLowerCase();
    if (seen.has(code)) {
      issues.push({
        sheet: 'services',
        row: r.row,
        field: 'code',
        key: 'services.importDuplicateCode',
        params: { row: seen.get(code)! },
      });
      continue;
    }
    seen.set(code, r.row);
    serviceRows.push({ row: r.row, value: read.value });
  }
  const priceRows: { row: number; value: PriceRowInput }[] = [];
  for (const r of book.prices) {
    const read = readPriceRow(r);
    if (!read.ok) for (const i of read.issues) issues.push({ sheet: 'prices', row: r.row, ...i });
    else if (!badCodes.has(read.value.code.toLowerCase())) priceRows.push({ row: r.row, value: read.value });
  }
  const refuse = () =>
    new ImportRefusal(
      issues.sort((a, b) => (a.sheet === b.sheet ? a.row - b.row : a.sheet === 'services' ? -1 : 1)),
    );
  if (!serviceRows.length && !priceRows.length) throw refuse();
  // the good rows are written too, so that what only the database can say (an unknown item, a
  // price clash) is reported with the rest; any issue rolls the whole file back
  return db.transaction(async (tx) => {
    const { counts, codes } = await importServiceRows(tx, session, serviceRows, issues);
    const prices = await importPriceRows(tx, session, priceRows, issues);
    if (issues.length) throw refuse();
    const result: ImportResult = { ...counts, pricesAdded: prices.added, pricesUnchanged: prices.unchanged };
    await auditService(tx, session, ip, 'service.import', null, { ...result, ...codes });
    return result;
  });
}
