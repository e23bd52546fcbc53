import type { McuEvent, McuParticipant, McuProgress } from '@klinikita/domain/mcu/mcu-events.schema';
import type { EventPackageRow, EventRow } from './mcu-events.queries.ts';
import type { ParticipantRow } from './mcu-participants.queries.ts';

/** The MCU answers: no serial ids leave the server. */

export const emptyProgress = (): McuProgress => ({
  registered: 0,
  inProgress: 0,
  done: 0,
  approved: 0,
  total: 0,
});

export function progressByEvent(
  rows: { eventId: number; status: keyof Omit<McuProgress, 'total'>; n: number }[],
) {
  const out = new Map<number, McuProgress>();
  for (const r of rows) {
    const p = out.get(r.eventId) ?? emptyProgress();
    p[r.status] += r.n;
    p.total += r.n;
    out.set(r.eventId, p);
  }
  return out;
}

export function toEvent(row: EventRow, packages: EventPackageRow[], progress: McuProgress): McuEvent {
  return {
    uid: row.uid,
    name: row.name,
    company: { uid: row.companyUid, name: row.companyName, code: row.companyCode },
    clinicId: row.clinicId,
    clinicName: row.clinicName,
    examType: row.examType,
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status,
    packages: packages
      .filter((p) => p.eventId === row.id)
      .map((p) => ({ jobGroup: p.jobGroup, packageUid: p.packageUid, code: p.code, name: p.name })),
    progress,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toParticipant(row: ParticipantRow): McuParticipant {
  return {
    uid: row.uid,
    eventUid: row.eventUid,
    mcuNumber: row.mcuNumber,
    employeeNumber: row.employeeNumber,
    nik: row.nik,
    name: row.name,
    sex: row.sex,
    birthDate: row.birthDate,
    department: row.department,
    job: row.job,
    jobGroup: row.jobGroup,
    package: { uid: row.packageUid, code: row.packageCode, name: row.packageName },
    patient: { uid: row.patientUid, mrn: row.patientMrn },
    status: row.status,
    consentToShare: row.consentToShare,
    registrationUid: row.registrationUid,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
  };
}
