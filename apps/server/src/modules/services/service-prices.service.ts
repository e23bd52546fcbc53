import { toDDMMYYYY } from '@klinikita/domain/common/dates';
import type { PriceAddInput, PriceLookup, ServicePrice } from '@klinikita/domain/services/service.schema';
import { planEndPrice, planNewPrice } from '@klinikita/domain/services/tariff.rules';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { assertClinicInScope } from '../../shared/access.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import {
  findPrice,
  insertPrice,
  type PriceRow,
  pricesOfScope,
  pricesOfServices,
  setPriceEnd,
} from './service-prices.queries.ts';
import { toPrice } from './services.mapper.ts';
import { findService, lockService, type ServiceTableRow } from './services.queries.ts';
import { auditService, priceOf, serviceNotFound, todayFor } from './services.service.ts';

/**
 * The tariffs of a service: price periods per payer class, corporate-wide or a clinic's override.
 * A price's amounts are never edited; a new price starts on a date and the open one ends the day
 * before. Prices of one scope never overlap: the service's row lock makes the check and the write
 * one step, so two concurrent adds cannot both pass.
 */

/** 409 naming the clashing period: "Tarif Umum berlaku 01/01/2026–31/12/2026 sudah ada". */
export function priceClash(clash: PriceRow): AppError {
  const params = {
    from: toDDMMYYYY(clash.validFrom) ?? '',
    to: toDDMMYYYY(clash.validTo) ?? '',
    clinic: clash.clinicName ? ` (${clash.clinicName})` : '',
  };
  const key = `services.${clash.validTo ? 'clash' : 'clashOpen'}.${clash.payerClass}`;
  return new AppError(409, key, params, [{ path: 'validFrom', key: 'services.clashField' }]);
}

export async function listPrices(db: Db, session: AuthSession, uid: string): Promise<ServicePrice[]> {
  const service = await findService(db, session.corpId, uid);
  if (!service) throw serviceNotFound();
  return ((await pricesOfServices(db, [service.id])).get(service.id) ?? []).map(toPrice);
}

/**
 * Adds a price to a locked service (inside the caller's transaction): refused with the clashing
 * period, else written, closing the open price of its scope when the new one starts later.
 */
export async function addPriceTo(
  tx: Executor,
  session: AuthSession,
  service: ServiceTableRow,
  input: PriceAddInput,
): Promise<{ price: PriceRow; closed: PriceRow | null }> {
  const scope = { serviceId: service.id, payerClass: input.payerClass, clinicId: input.clinicId };
  const existing = await pricesOfScope(tx, scope);
  const plan = planNewPrice(existing, { validFrom: input.validFrom, validTo: input.validTo ?? null });
  if (!plan.ok) throw priceClash(plan.clash);
  let closed: PriceRow | null = null;
  if (plan.close) {
    await setPriceEnd(tx, plan.close.price.id, plan.close.validTo);
    closed = { ...plan.close.price, validTo: plan.close.validTo };
  }
  const inserted = await insertPrice(tx, {
    ...scope,
    validFrom: input.validFrom,
    validTo: input.validTo ?? null,
    facilityFee: input.facilityFee,
    professionalFee: input.professionalFee,
    consumablesFee: input.consumablesFee,
    uid: newUid(),
    createdBy: session.userId,
  });
  const clinicName =
    input.clinicId === null ? null : (existing[0]?.clinicName ?? clinicNameOf(session, input.clinicId));
  return { price: { ...inserted, clinicName }, closed };
}

const clinicNameOf = (session: AuthSession, clinicId: number) =>
  session.clinics.find((c) => c.id === clinicId)?.name ?? null;

export async function addPrice(
  db: Db,
  session: AuthSession,
  uid: string,
  input: PriceAddInput,
  ip: string,
): Promise<{ price: ServicePrice; closed: ServicePrice | null }> {
  // an override only for a clinic of the caller's scope; corporate-wide with the permission alone
  if (input.clinicId !== null) assertClinicInScope(session, input.clinicId);
  return db.transaction(async (tx) => {
    const service = await findService(tx, session.corpId, uid);
    if (!service) throw serviceNotFound();
    await lockService(tx, service.id);
    const { price, closed } = await addPriceTo(tx, session, service, input);
    await auditService(
      tx,
      session,
      ip,
      'service.price.add',
      uid,
      { price: price.uid, ...input, closed: closed && { price: closed.uid, validTo: closed.validTo } },
      input.clinicId,
    );
    return { price: toPrice(price), closed: closed && toPrice(closed) };
  });
}

/** Ends a price on a day (its last valid day); its amounts never change. */
export async function endPrice(
  db: Db,
  session: AuthSession,
  uid: string,
  priceUid: string,
  validTo: string,
  ip: string,
): Promise<ServicePrice> {
  return db.transaction(async (tx) => {
    const service = await findService(tx, session.corpId, uid);
    if (!service) throw serviceNotFound();
    await lockService(tx, service.id);
    const price = await findPrice(tx, service.id, priceUid);
    if (!price) throw new AppError(404, 'services.priceNotFound');
    if (price.clinicId !== null) assertClinicInScope(session, price.clinicId);
    if (price.validTo === validTo) return toPrice(price);
    const others = (await pricesOfScope(tx, price)).filter((p) => p.id !== price.id);
    const plan = planEndPrice(others, price, validTo);
    if (!plan.ok && plan.reason === 'beforeStart')
      throw new AppError(400, 'api.validation', {}, [{ path: 'validTo', key: 'services.validToBeforeFrom' }]);
    if (!plan.ok && plan.reason === 'clash') throw priceClash(plan.clash);
    await setPriceEnd(tx, price.id, validTo);
    await auditService(
      tx,
      session,
      ip,
      'service.price.end',
      uid,
      { price: price.uid, validTo: { from: price.validTo, to: validTo } },
      price.clinicId,
    );
    return toPrice({ ...price, validTo });
  });
}

/** `GET services/:uid/price`: the price of the service for a clinic of the caller's scope, a class and a day. */
export async function lookupServicePrice(
  db: Db,
  session: AuthSession,
  uid: string,
  q: { clinicId?: number; payerClass: PriceLookup['payerClass']; date?: string },
): Promise<PriceLookup> {
  const clinicId = q.clinicId ?? null;
  if (clinicId !== null) assertClinicInScope(session, clinicId);
  const service = await findService(db, session.corpId, uid);
  if (!service) throw serviceNotFound();
  const day = q.date ?? todayFor(session, clinicId);
  const hit = await priceOf(db, { serviceId: service.id, payerClass: q.payerClass, clinicId, day });
  return {
    day,
    payerClass: q.payerClass,
    price:
      hit &&
      toPrice({ ...hit, clinicName: hit.clinicId === null ? null : clinicNameOf(session, hit.clinicId) }),
    appliedClass: hit?.appliedClass ?? null,
    source: hit?.source ?? null,
  };
}
