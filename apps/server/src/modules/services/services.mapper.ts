import type {
  PackageItem,
  PayerClass,
  Service,
  ServiceDetail,
  ServiceGroup,
  ServicePrice,
  TaxCategory,
} from '@klinikita/domain/services/service.schema';
import { priceTotal } from '@klinikita/domain/services/tariff.rules';
import type { PriceHit, PriceRow } from './service-prices.queries.ts';
import type { PackageItemRow, ServiceRow } from './services.queries.ts';

export function toService(row: ServiceRow): Service {
  return {
    uid: row.uid,
    code: row.code,
    nameId: row.nameId,
    nameEn: row.nameEn,
    group: row.serviceGroup as ServiceGroup,
    unit: row.unit,
    taxCategory: row.taxCategory as TaxCategory,
    icd9Code: row.icd9Code,
    specialistId: row.specialistUid,
    specialist: row.specialistName,
    isPackage: row.isPackage,
    active: row.active,
    generalPrice: row.generalPrice,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPackageItem(row: PackageItemRow): PackageItem {
  return {
    serviceUid: row.serviceUid,
    code: row.code,
    nameId: row.nameId,
    nameEn: row.nameEn,
    quantity: row.quantity,
    active: row.active,
  };
}

export function toPrice(row: PriceRow | (PriceHit & { clinicName: string | null })): ServicePrice {
  return {
    uid: row.uid,
    clinicId: row.clinicId,
    clinicName: row.clinicName,
    payerClass: row.payerClass as PayerClass,
    validFrom: row.validFrom,
    validTo: row.validTo,
    facilityFee: row.facilityFee,
    professionalFee: row.professionalFee,
    consumablesFee: row.consumablesFee,
    total: priceTotal(row),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toServiceDetail(row: ServiceRow, items: PackageItemRow[], prices: PriceRow[]): ServiceDetail {
  return { ...toService(row), items: items.map(toPackageItem), prices: prices.map(toPrice) };
}
