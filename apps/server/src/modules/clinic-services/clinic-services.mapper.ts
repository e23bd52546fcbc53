import type { ClinicService, PerformedAt } from '@klinikita/domain/services/clinic-services.schema';
import { GROUP_DESK, type ServiceGroup, type TaxCategory } from '@klinikita/domain/services/service.schema';

/** A service of the corporate joined with one clinic's row of it (null columns: no row). */
export interface ClinicServiceRow {
  serviceId: number;
  serviceUid: string;
  code: string;
  nameId: string;
  nameEn: string;
  group: string;
  unit: string;
  isPackage: boolean;
  serviceActive: boolean;
  taxCategory: string;
  offered: boolean;
  room: string | null;
  queuePrefix: string | null;
  performedAt: string | null;
  performerClinicId: number | null;
  performerClinicName: string | null;
  partnerName: string | null;
  taxOverride: string | null;
  updatedAt: Date | null;
}

export function toClinicService(row: ClinicServiceRow): ClinicService {
  const group = row.group as ServiceGroup;
  return {
    serviceUid: row.serviceUid,
    code: row.code,
    nameId: row.nameId,
    nameEn: row.nameEn,
    group,
    unit: row.unit,
    isPackage: row.isPackage,
    serviceActive: row.serviceActive,
    taxCategory: row.taxCategory as TaxCategory,
    desk: GROUP_DESK[group] ?? null,
    offered: row.offered,
    room: row.room,
    queuePrefix: row.queuePrefix,
    performedAt: (row.performedAt ?? 'here') as PerformedAt,
    performerClinic:
      row.performerClinicId !== null
        ? { id: row.performerClinicId, name: row.performerClinicName ?? '' }
        : null,
    partnerName: row.partnerName,
    taxOverride: row.taxOverride as TaxCategory | null,
    updatedAt: row.updatedAt ? new Date(row.updatedAt).toISOString() : null,
  };
}
