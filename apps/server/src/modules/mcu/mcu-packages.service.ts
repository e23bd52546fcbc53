import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type {
  McuPackage,
  McuPackageQuery,
  McuPackageSaveInput,
} from '@klinikita/domain/mcu/mcu-packages.schema';
import { MCU_STATIONS, type McuStation } from '@klinikita/domain/mcu/mcu-stations';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import {
  companyByUid,
  contractPricesOn,
  type PackageRow,
  packageItems,
  packageRows,
  upsertMcuPackage,
} from './mcu-packages.queries.ts';

/**
 * MCU packages (issue 20 §1): the catalogue's `mcu` packages with their exam type and stations.
 * The lab station belongs to every package with lab items, whatever was sent.
 */

/** The caller's corporate's "today" (its first clinic's time zone). */
export const corporateToday = (session: AuthSession) =>
  clinicDay(session.clinics[0]?.timeZone ?? 'Asia/Jakarta');

/** The stations in their canonical order, lab added when the package has lab items. */
export function packageStations(stations: readonly string[], hasLab: boolean): McuStation[] {
  const chosen = new Set(stations);
  if (hasLab) chosen.add('lab');
  return MCU_STATIONS.filter((s) => chosen.has(s));
}

async function toPackages(db: Executor, rows: PackageRow[], prices: Map<number, number> | null) {
  const items = await packageItems(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r): McuPackage => {
    const own = items.filter((i) => i.packageId === r.id).map(({ packageId: _, ...i }) => i);
    return {
      serviceUid: r.uid,
      code: r.code,
      nameId: r.nameId,
      nameEn: r.nameEn,
      active: r.active,
      examType: r.examType ?? null,
      stations: packageStations(
        r.stations ?? [],
        own.some((i) => i.group === 'lab'),
      ),
      items: own,
      contractPrice: prices?.get(r.id) ?? null,
    };
  });
}

export async function listMcuPackages(db: Db, session: AuthSession, q: McuPackageQuery) {
  const rows = await packageRows(db, session.corpId);
  let prices: Map<number, number> | null = null;
  if (q.companyUid) {
    const company = await companyByUid(db, session.corpId, q.companyUid);
    if (!company) throw new AppError(404, 'mcuSetup.companyNotFound');
    prices = await contractPricesOn(
      db,
      company.id,
      rows.map((r) => r.id),
      corporateToday(session),
    );
  }
  return toPackages(db, rows, prices);
}

export async function saveMcuPackage(
  db: Db,
  session: AuthSession,
  serviceUid: string,
  input: McuPackageSaveInput,
  ip: string,
) {
  return db.transaction(async (tx) => {
    const [row] = await packageRows(tx, session.corpId, serviceUid);
    if (!row) throw new AppError(404, 'mcuSetup.packageNotFound');
    const items = await packageItems(tx, [row.id]);
    const stations = packageStations(
      input.stations,
      items.some((i) => i.group === 'lab'),
    );
    await upsertMcuPackage(tx, {
      serviceId: row.id,
      examType: input.examType,
      stations,
      updatedBy: session.userId,
    });
    await writeAudit(tx, {
      userId: session.userId,
      corpId: session.corpId,
      action: 'mcu.package.save',
      entity: 'service',
      entityId: serviceUid,
      ip,
      detail: { examType: input.examType, stations },
    });
    const [saved] = await toPackages(tx, [{ ...row, examType: input.examType, stations }], null);
    return saved;
  });
}
