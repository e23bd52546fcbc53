import { toDDMMYYYY } from '@klinikita/domain/common/dates';
import type { ContractPriceAddInput } from '@klinikita/domain/partner-companies/partner-company.schema';
import type { ContractPrice } from '@klinikita/domain/partner-companies/partner-company-answers.schema';
import { planEndPrice, planNewPrice } from '@klinikita/domain/services/tariff.rules';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { newUid } from '../../shared/crypto.ts';
import { toContractPrice } from './partner-companies.mapper.ts';
import {
  insertPrice,
  type PriceRow,
  pricesOf,
  servicesByUid,
  setPriceEnd,
} from './partner-companies.queries.ts';
import { audit, refuse, scopedCompany } from './partner-companies.scope.ts';

/**
 * A company's contract prices (harga kontrak) per catalogue service, with the tariff period rules
 * (tariff.rules.ts): periods of one company and service never overlap; a new price starting after
 * the open one ends it the day before; a price's amount is never edited. The company's row lock
 * makes the check and the write one step.
 */

const clash = (p: PriceRow) =>
  refuse(
    409,
    p.validTo ? 'priceClash' : 'priceClashOpen',
    { service: p.serviceName, from: toDDMMYYYY(p.validFrom) ?? '', to: toDDMMYYYY(p.validTo) ?? '' },
    'validFrom',
    'priceClashField',
  );

export async function listContractPrices(
  db: Db,
  session: AuthSession,
  uid: string,
): Promise<ContractPrice[]> {
  const { company } = await scopedCompany(db, session, uid);
  return (await pricesOf(db, company.id)).map(toContractPrice);
}

export function addContractPrice(
  db: Db,
  session: AuthSession,
  uid: string,
  input: ContractPriceAddInput,
  ip: string,
): Promise<ContractPrice> {
  return db.transaction(async (tx) => {
    const { company } = await scopedCompany(tx, session, uid, true);
    const service = (await servicesByUid(tx, session.corpId, [input.serviceUid])).get(input.serviceUid);
    if (!service) throw refuse(404, 'serviceNotFound', {}, 'serviceUid');
    const existing = await pricesOf(tx, company.id, service.id);
    const plan = planNewPrice(existing, { validFrom: input.validFrom, validTo: input.validTo });
    if (!plan.ok) throw clash(plan.clash);
    if (plan.close) await setPriceEnd(tx, plan.close.price.id, plan.close.validTo);
    const priceUid = newUid();
    await insertPrice(tx, {
      uid: priceUid,
      companyId: company.id,
      serviceId: service.id,
      price: input.price,
      validFrom: input.validFrom,
      validTo: input.validTo,
      createdBy: session.userId,
    });
    await audit(tx, session, ip, {
      action: 'partnerCompany.price.add',
      entityId: uid,
      detail: {
        priceUid,
        ...input,
        closed: plan.close && { price: plan.close.price.uid, validTo: plan.close.validTo },
      },
    });
    const saved = (await pricesOf(tx, company.id, service.id)).find((p) => p.uid === priceUid);
    return toContractPrice(saved as PriceRow);
  });
}

export function endContractPrice(
  db: Db,
  session: AuthSession,
  uid: string,
  priceUid: string,
  validTo: string,
  ip: string,
): Promise<ContractPrice> {
  return db.transaction(async (tx) => {
    const { company } = await scopedCompany(tx, session, uid, true);
    const all = await pricesOf(tx, company.id);
    const price = all.find((p) => p.uid === priceUid);
    if (!price) throw refuse(404, 'priceNotFound');
    const others = all.filter((p) => p.serviceId === price.serviceId && p.id !== price.id);
    const plan = planEndPrice(others, price, validTo);
    if (!plan.ok && plan.reason === 'beforeStart')
      throw refuse(400, 'endBeforeStart', { from: toDDMMYYYY(price.validFrom) ?? '' }, 'validTo');
    if (!plan.ok && plan.reason === 'clash') throw clash(plan.clash);
    await setPriceEnd(tx, price.id, validTo);
    await audit(tx, session, ip, {
      action: 'partnerCompany.price.end',
      entityId: uid,
      detail: { price: priceUid, validTo, before: price.validTo },
    });
    return toContractPrice({ ...price, validTo });
  });
}
