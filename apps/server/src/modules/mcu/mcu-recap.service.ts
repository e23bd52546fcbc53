import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { recapColumns, recapFileName } from '@klinikita/domain/mcu/mcu-export';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { assertClinicInScope } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError, notFound } from '../../shared/errors.ts';
import {
  categoryLabels,
  currentConclusions,
  eventByUid,
  eventParticipants,
  eventStations,
  stationResultsOf,
} from './mcu-outputs.queries.ts';
import type { RecapExport, RecapParticipant } from './mcu-recap.xlsx.ts';

/** Participants read per batch while the recap streams. */
const BATCH = 500;

type RecapEvent = NonNullable<Awaited<ReturnType<typeof eventByUid>>>;
type RecapFile = RecapExport & { fileName: string; today: string };

/**
 * The company recap of an event: scope first (another corporate's event 404, another clinic's
 * 403), the columns from the stations of the event's packages, the participants in batches.
 */
export async function recapExport(db: Db, session: AuthSession, uid: string, ip: string): Promise<RecapFile> {
  const event = await eventByUid(db, uid);
  if (!event || event.e.corpId !== session.corpId) throw notFound();
  assertClinicInScope(session, event.e.clinicId);
  const recap = await buildRecap(db, event, false);
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: event.e.clinicId,
    action: 'mcu.recap.export',
    entity: 'mcuEvent',
    entityId: uid,
    ip,
    detail: { participants: recap.total },
  });
  return recap;
}

/**
 * The same recap for the company portal (issue 20 §8): only an event of `companyId` (else 404),
 * a category only once approved, and the medical columns (station values, findings, conclusion,
 * advice, restrictions) empty for a participant who has not consented to share them. Audited.
 */
export async function companyRecapExport(
  db: Db,
  session: AuthSession,
  companyId: number,
  uid: string,
  ip: string,
): Promise<RecapFile> {
  const event = await eventByUid(db, uid);
  if (!event || event.e.corpId !== session.corpId || event.e.companyId !== companyId)
    throw new AppError(404, 'mcuPortal.eventNotFound');
  const recap = await buildRecap(db, event, true);
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    action: 'mcu.portal.recap',
    entity: 'mcuPortal',
    entityId: uid,
    ip,
    detail: { companyId, participants: recap.total, medicalShown: recap.medicalShown },
  });
  return recap;
}

async function buildRecap(
  db: Db,
  event: RecapEvent,
  portal: boolean,
): Promise<RecapFile & { medicalShown: number }> {
  const [stations, people, labels] = await Promise.all([
    eventStations(db, event.e.id),
    eventParticipants(db, event.e.id),
    categoryLabels(db, event.e.corpId, event.e.companyId),
  ]);
  const byCode = new Map(labels.map((l) => [l.code, l]));
  async function* batches(): AsyncIterable<RecapParticipant[]> {
    for (let i = 0; i < people.length; i += BATCH) {
      const slice = people.slice(i, i + BATCH);
      const ids = slice.map((p) => p.id);
      const [results, conclusions] = await Promise.all([
        stationResultsOf(db, ids),
        currentConclusions(db, ids),
      ]);
      const stationsOf = new Map<number, RecapParticipant['stations']>();
      for (const r of results) {
        const m = stationsOf.get(r.participantId) ?? {};
        m[r.station] = { data: r.data, findings: r.findings };
        stationsOf.set(r.participantId, m);
      }
      const conclusionOf = new Map(conclusions.map((c) => [c.c.participantId, c.c]));
      yield slice.map((p) => {
        const found = conclusionOf.get(p.id);
        // the portal: a category once approved; the medical details only with the consent
        const c = portal && found?.status !== 'approved' ? undefined : found;
        const medical = !portal || (c !== undefined && p.consentToShare);
        const label = c ? byCode.get(c.category) : undefined;
        return {
          ...p,
          stations: medical ? (stationsOf.get(p.id) ?? {}) : {},
          conclusion: c
            ? {
                category: c.category,
                label: label?.label ?? c.category,
                fit: label?.fit ?? null,
                status: c.status,
                findings: medical ? c.findings : [],
                conclusion: medical ? c.conclusion : null,
                advice: medical ? c.advice : null,
                restrictions: medical ? c.restrictions : null,
              }
            : null,
        };
      });
    }
  }
  return {
    columns: recapColumns(stations),
    total: people.length,
    batches: batches(),
    fileName: recapFileName(event.companyName, event.e.name),
    today: clinicDay(event.timeZone),
    medicalShown: portal
      ? people.filter((p) => p.consentToShare && p.status === 'approved').length
      : people.length,
  };
}
