import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type {
  PayerClass,
  Service,
  ServiceDetail,
  ServiceSaveInput,
} from '@klinikita/domain/services/service.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import { type Executor, isUniqueViolation, pageOf } from '../../shared/sql.ts';
import { lookupPrice, type PriceHit, pricesOfServices } from './service-prices.queries.ts';
import { toService, toServiceDetail } from './services.mapper.ts';
import {
  findService,
  findServicesByUid,
  findSpecialist,
  insertService,
  packageItemsOf,
  packagesHolding,
  pageServices,
  replacePackageItems,
  type ServiceListFilter,
  type ServiceRow,
  type ServiceTableRow,
  type ServiceValues,
  updateServiceRow,
} from './services.queries.ts';

/** The corporate's service master: services, their package items, their status (never deleted). */

/** Today in the caller's first clinic (the corporate's services have no clinic of their own). */
export const todayFor = (session: AuthSession, clinicId?: number | null) => {
  const clinic = session.clinics.find((c) => c.id === clinicId) ?? session.clinics[0];
  return clinicDay(clinic?.timeZone ?? 'Asia/Jakarta');
};

export const serviceNotFound = () => new AppError(404, 'services.notFound');

/** The code is taken in the corporate (the unique index or the import's check said so). */
export const codeTaken = (code: string) =>
  new AppError(409, 'services.codeExists', { code }, [{ path: 'code', key: 'services.codeExistsField' }]);

const invalid = (path: string, key: string) => new AppError(400, 'api.validation', {}, [{ path, key }]);

export async function auditService(
  db: Executor,
  session: AuthSession,
  ip: string,
  action: string,
  serviceUid: string | null,
  detail: unknown,
  clinicId: number | null = null,
) {
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId,
    action,
    entity: 'service',
    entityId: serviceUid,
    ip,
    detail,
  });
}

/**
 * The columns and package items a save writes: the specialist and the items looked up in the
 * corporate. An item is an active service that is not itself a package; a service some package
 * holds cannot become a package.
 */
export async function resolveSave(
  db: Executor,
  session: AuthSession,
  input: ServiceSaveInput,
  self: ServiceTableRow | null,
): Promise<{ values: ServiceValues; items: { itemId: number; quantity: number }[] }> {
  let specialistId: number | null = null;
  if (input.specialistId) {
    const specialist = await findSpecialist(db, { uid: input.specialistId });
    if (!specialist) throw invalid('specialistId', 'services.specialistUnknown');
    specialistId = specialist.id;
  }
  const found = await findServicesByUid(
    db,
    session.corpId,
    input.items.map((i) => i.serviceUid),
  );
  const byUid = new Map(found.map((s) => [s.uid, s]));
  const items = input.items.map((item, i) => {
    const service = byUid.get(item.serviceUid);
    const path = `items.${i}.serviceUid`;
    if (!service) throw invalid(path, 'services.itemUnknown');
    if (self && service.id === self.id) throw invalid(path, 'services.itemSelf');
    if (service.isPackage) throw invalid(path, 'services.itemIsPackage');
    if (!service.active) throw invalid(path, 'services.itemInactive');
    // a lab panel holds lab tests only (the same rule as /panel, which keeps lab panels)
    if (input.group === 'lab' && service.serviceGroup !== 'lab') throw invalid(path, 'services.itemNotLab');
    return { itemId: service.id, quantity: item.quantity };
  });
  if (input.isPackage && self && !self.isPackage && (await packagesHolding(db, self.id)).length)
    throw invalid('isPackage', 'services.heldByPackage');
  const icd9 = input.icd9Code?.trim();
  return {
    values: {
      code: input.code,
      nameId: input.nameId,
      nameEn: input.nameEn,
      serviceGroup: input.group,
      unit: input.unit,
      taxCategory: input.taxCategory,
      icd9Code: icd9 ? icd9 : null,
      specialistId,
      isPackage: input.isPackage,
    },
    items,
  };
}

/** One service with its items and every price period. */
export async function readDetail(
  db: Executor,
  session: AuthSession,
  row: ServiceRow,
): Promise<ServiceDetail> {
  const fresh = (await findService(db, session.corpId, row.uid, todayFor(session))) ?? row;
  const [items, prices] = await Promise.all([packageItemsOf(db, [row.id]), pricesOfServices(db, [row.id])]);
  return toServiceDetail(fresh, items.get(row.id) ?? [], prices.get(row.id) ?? []);
}

export async function listServices(db: Db, session: AuthSession, q: ServiceListFilter) {
  const { rows, total } = await pageServices(db, session.corpId, q, todayFor(session));
  return pageOf<Service>(rows.map(toService), total, q);
}

export async function getService(db: Db, session: AuthSession, uid: string): Promise<ServiceDetail> {
  const row = await findService(db, session.corpId, uid);
  if (!row) throw serviceNotFound();
  return readDetail(db, session, row);
}

/** Writes a new service and its items (inside the caller's transaction); answers its row. */
export async function insertServiceWith(
  tx: Executor,
  session: AuthSession,
  input: ServiceSaveInput,
  active = true,
): Promise<ServiceTableRow> {
  const { values, items } = await resolveSave(tx, session, input, null);
  const row = await insertService(tx, {
    ...values,
    active,
    uid: newUid(),
    corpId: session.corpId,
    createdBy: session.userId,
  });
  await replacePackageItems(tx, row.id, items);
  return row;
}

/**
 * Changes a service and its items (inside the caller's transaction); answers what changed, by
 * column (empty: nothing did).
 */
export async function changeServiceWith(
  tx: Executor,
  session: AuthSession,
  before: ServiceTableRow,
  input: ServiceSaveInput,
  active = before.active,
): Promise<Record<string, { from: unknown; to: unknown }>> {
  const { values, items } = await resolveSave(tx, session, input, before);
  const next = { ...values, active };
  const changed: Record<string, { from: unknown; to: unknown }> = Object.fromEntries(
    (Object.keys(next) as (keyof typeof next)[])
      .filter((k) => before[k] !== next[k])
      .map((k) => [k, { from: before[k], to: next[k] }]),
  );
  const oldItems = (await packageItemsOf(tx, [before.id])).get(before.id) ?? [];
  const itemText = (list: { itemId: number; quantity: number }[]) =>
    list.map((i) => `${i.itemId}x${i.quantity}`).join(',');
  if (itemText(oldItems) !== itemText(items)) {
    changed.items = {
      from: oldItems.map((i) => ({ code: i.code, quantity: i.quantity })),
      to: items.map((i) => ({ id: i.itemId, quantity: i.quantity })),
    };
    await replacePackageItems(tx, before.id, items);
  }
  if (Object.keys(changed).length) await updateServiceRow(tx, before.id, next);
  return changed;
}

export async function createService(
  db: Db,
  session: AuthSession,
  input: ServiceSaveInput,
  ip: string,
): Promise<ServiceDetail> {
  try {
    return await db.transaction(async (tx) => {
      const row = await insertServiceWith(tx, session, input);
      await auditService(tx, session, ip, 'service.create', row.uid, { ...input });
      const created = await findService(tx, session.corpId, row.uid);
      return readDetail(tx, session, created!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken(input.code);
    throw error;
  }
}

export async function updateService(
  db: Db,
  session: AuthSession,
  uid: string,
  input: ServiceSaveInput,
  ip: string,
): Promise<ServiceDetail> {
  try {
    return await db.transaction(async (tx) => {
      const before = await findService(tx, session.corpId, uid);
      if (!before) throw serviceNotFound();
      const changed = await changeServiceWith(tx, session, before, input);
      if (Object.keys(changed).length) await auditService(tx, session, ip, 'service.update', uid, changed);
      return readDetail(tx, session, before);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken(input.code);
    throw error;
  }
}

/** Deactivates (a service in use is never deleted) or reactivates a service; audited when it changed. */
export async function setServiceActive(
  db: Db,
  session: AuthSession,
  uid: string,
  active: boolean,
  ip: string,
): Promise<ServiceDetail> {
  return db.transaction(async (tx) => {
    const before = await findService(tx, session.corpId, uid);
    if (!before) throw serviceNotFound();
    if (before.active !== active) {
      await updateServiceRow(tx, before.id, { active });
      await auditService(tx, session, ip, active ? 'service.reactivate' : 'service.deactivate', uid, {
        code: before.code,
      });
    }
    return readDetail(tx, session, before);
  });
}

export interface PriceOf extends PriceHit {
  /** The payer class whose price applies: the asked one, or general when it has none. */
  appliedClass: PayerClass;
  /** The clinic's override or the corporate-wide price. */
  source: 'clinic' | 'corporate';
}

/**
 * The price of a service for a visit — one indexed lookup (service, payer class, clinic, day),
 * for the front office and billing. Precedence: the payer class's own price before the general
 * price (a company or insurer without a price of its own pays the general one), and within a
 * class the clinic's override before the corporate-wide price. Null when nothing applies that day.
 */
export async function priceOf(
  db: Executor,
  q: { serviceId: number; payerClass: PayerClass; clinicId: number | null; day: string },
): Promise<PriceOf | null> {
  const hit = await lookupPrice(db, q);
  if (!hit) return null;
  return {
    ...hit,
    appliedClass: hit.payerClass as PayerClass,
    source: hit.clinicId === null ? 'corporate' : 'clinic',
  };
}
