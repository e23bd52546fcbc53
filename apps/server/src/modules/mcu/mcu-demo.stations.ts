import { checkStationData, findingText, stationFindings } from '@klinikita/domain/mcu/mcu-findings.rules';
import type { McuStation } from '@klinikita/domain/mcu/mcu-stations';
import type { Db } from '../../db/client.ts';
import { auditLog, mcuStationResults } from '../../db/schema/index.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { inRecordLanguage } from './mcu-exam.service.ts';

/**
 * The demo's station results in one batch (the start-up must stay fast): what saveStation writes
 * for each — the values checked against the station's fields, the findings derived in the
 * record's language, the result row and its `mcu.station.save` audit row — for participants
 * checked in whose packages all have a lab station (so a station never makes one done: the lab's
 * release does, through the outbox). A value the station would refuse stops the demo.
 */

export interface DemoStation {
  participant: { id: number; uid: string; clinicId: number; patientId: number };
  station: Exclude<McuStation, 'lab'>;
  data: Record<string, string | number | null>;
}

export async function recordDemoStations(db: Db, session: AuthSession, items: DemoStation[], ip: string) {
  if (!items.length) return;
  const results: (typeof mcuStationResults.$inferInsert)[] = [];
  const audits: (typeof auditLog.$inferInsert)[] = [];
  for (const { participant: p, station, data } of items) {
    const errors = checkStationData(station, data);
    if (errors.length) throw new Error(`MCU demo ${station}: ${JSON.stringify(errors)}`);
    const findings = stationFindings(station, data).map((f) => findingText(inRecordLanguage, f));
    results.push({
      participantId: p.id,
      station,
      data,
      findings,
      normal: findings.length === 0,
      fileUid: null,
      examinedBy: session.userId,
    });
    audits.push({
      userId: session.userId,
      corpId: session.corpId,
      clinicId: p.clinicId,
      action: 'mcu.station.save',
      entity: 'mcuParticipant',
      entityId: p.uid,
      patientId: p.patientId,
      ip,
      detail: { station, normal: findings.length === 0, findings: findings.length },
    });
  }
  await db.transaction(async (tx) => {
    await tx.insert(mcuStationResults).values(results).onConflictDoNothing();
    await tx.insert(auditLog).values(audits);
  });
}
