import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { WorklistQuery, WorklistRow } from '@klinikita/domain/mcu/mcu-exam.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { pageOf } from '../../shared/sql.ts';
import { pageWorklist, stationResultsOf } from './mcu-exam.queries.ts';
import { stationsOf } from './mcu-exam.service.ts';

/**
 * The MCU worklist of a clinic day (`/Lab/home-page-mcu`): the participants checked in that day,
 * each with its stations done or not and what is left before they go home; by company, and
 * "belum diperiksa" — those not yet examined at one station. The clinic must be the caller's (403).
 */
export async function getWorklist(db: Db, session: AuthSession, q: WorklistQuery) {
  const clinic = clinicOf(session, q.clinicId);
  const { rows, total } = await pageWorklist(db, {
    corpId: session.corpId,
    clinicId: clinic.id,
    day: q.date ?? clinicDay(clinic.timeZone),
    timeZone: clinic.timeZone,
    companyUid: q.companyUid,
    search: q.search,
    visitUid: q.visitUid,
    notDoneStation: q.notDone === 'true' ? q.station : undefined,
    page: q.page,
    limit: q.limit,
  });
  const results = await stationResultsOf(
    db,
    rows.map((r) => r.id),
  );
  const docs: WorklistRow[] = rows.map((p) => {
    const recorded = new Set(results.filter((r) => r.participantId === p.id).map((r) => r.station));
    const stations = stationsOf(p).map((station) => ({
      station,
      done: station === 'lab' ? !!p.labDone : recorded.has(station),
    }));
    return {
      uid: p.uid,
      mcuNumber: p.mcuNumber,
      name: p.name,
      employeeNumber: p.employeeNumber,
      department: p.department,
      company: p.company,
      eventName: p.event.name,
      status: p.status,
      visitUid: p.visitUid,
      checkedInAt: p.checkedInAt?.toISOString() ?? null,
      stations,
      left: stations.filter((s) => !s.done).map((s) => s.station),
    };
  });
  return pageOf(docs, total, q);
}
