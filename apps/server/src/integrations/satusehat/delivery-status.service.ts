import { worstState } from '@klinikita/domain/satusehat/satusehat-sync.rules';
import {
  SATUSEHAT_BLOCKED_REASONS,
  type SatusehatBlockedReason,
  type SatusehatDelivery,
  type SatusehatRefusals,
  type SatusehatSyncCounts,
  type SatusehatSyncPage,
  type SatusehatSyncQuery,
  type SatusehatVisitStatus,
} from '@klinikita/domain/satusehat/satusehat-sync.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError, notFound } from '../../shared/errors.ts';
import { pageOf } from '../../shared/sql.ts';
import {
  countOpenDeliveries,
  type DeliveryRow,
  deliveriesOfVisit,
  deliveriesOfVisits,
  findDelivery,
  findVisit,
  pageDeliveries,
  requeueDelivery,
} from './delivery-status.queries.ts';

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const blockedReason = (reason: string | null) =>
  reason && (SATUSEHAT_BLOCKED_REASONS as readonly string[]).includes(reason)
    ? (reason as SatusehatBlockedReason)
    : null;

/** A delivery as the screens read it: no lease, no internal ids. */
function toDelivery(row: DeliveryRow): SatusehatDelivery {
  return {
    uid: row.uid,
    kind: row.kind,
    state: row.state,
    registrationId: row.registrationUid,
    registrationNo: row.registrationNo,
    patientName: row.patientName,
    medicalRecordNo: row.medicalRecordNo,
    attempts: row.attempts,
    lastAttemptAt: iso(row.lastAttemptAt),
    // only a waiting row has a next attempt
    nextAttemptAt: row.state === 'waiting' ? iso(row.nextAttemptAt) : null,
    acceptedAt: iso(row.acceptedAt),
    lastStatus: row.lastStatus,
    message: row.message,
    issueCode: row.issueCode,
    expression: row.expression,
    blockedReason: row.state === 'blocked' ? blockedReason(row.blockedReason) : null,
    platformIds: row.platformIds,
  };
}

/** The caller's clinics of the session's corporate (those `clinicOf` lets through). */
const scopeClinicIds = (session: AuthSession) =>
  session.clinics.filter((c) => c.corpId === session.corpId).map((c) => c.id);

const countsOf = (rows: { state: keyof SatusehatSyncCounts; n: number }[]): SatusehatSyncCounts => {
  const counts = { waiting: 0, accepted: 0, refused: 0, blocked: 0 };
  for (const r of rows) counts[r.state] = r.n;
  return counts;
};

/**
 * What was sent to SATUSEHAT (issue 19 §5): the sync screen, "Kirim ulang", the visit's badge and
 * the dashboard's count. The worker writes the rows; this only reads them and puts refused or
 * blocked ones back in the queue. Every call is scoped to the caller's clinics.
 */
export class DeliveryStatusService {
  constructor(private readonly db: Db) {}

  async list(session: AuthSession, query: SatusehatSyncQuery): Promise<SatusehatSyncPage> {
    clinicOf(session, query.clinicId);
    const { rows, total, counts } = await pageDeliveries(
      this.db,
      {
        clinicId: query.clinicId,
        day: query.date,
        state: query.state,
        kind: query.kind,
        q: query.q || undefined,
      },
      query.page,
      query.limit,
    );
    return { ...pageOf(rows.map(toDelivery), total, query), counts: countsOf(counts) };
  }

  /** A delivery of the caller's corporate (404 otherwise) in one of the caller's clinics (403 otherwise). */
  private async delivery(session: AuthSession, uid: string): Promise<DeliveryRow> {
    const row = await findDelivery(this.db, uid);
    if (!row || row.corpId !== session.corpId) throw notFound();
    clinicOf(session, row.clinicId);
    return row;
  }

  /**
   * "Kirim ulang" after a correction: a refused or blocked delivery is due again now, built anew
   * from the corrected data; its message stays until the platform's next answer. An accepted one
   * is refused (409); a waiting one is left as it is.
   */
  async resend(
    session: AuthSession,
    uid: string,
    ip: string,
  ): Promise<{ delivery: SatusehatDelivery; requeued: boolean }> {
    const before = await this.delivery(session, uid);
    if (before.state === 'accepted') throw new AppError(409, 'satusehatSync.alreadyAccepted');
    if (before.state === 'waiting') return { delivery: toDelivery(before), requeued: false };
    const moved = await this.db.transaction(async (tx) => {
      const id = await requeueDelivery(tx, before.id);
      if (id === null) return false;
      await writeAudit(tx, {
        userId: session.userId,
        corpId: session.corpId,
        clinicId: before.clinicId,
        action: 'satusehat.resend',
        entity: 'satusehat_delivery',
        entityId: before.uid,
        ip,
        detail: {
          kind: before.kind,
          registrationId: before.registrationUid,
          from: before.state,
          attempts: before.attempts,
          issueCode: before.issueCode,
          expression: before.expression,
          blockedReason: before.blockedReason,
        },
      });
      return true;
    });
    const after = await findDelivery(this.db, uid);
    if (!after) throw notFound();
    // the worker may have sent it meanwhile: an accepted answer wins
    if (!moved && after.state === 'accepted') throw new AppError(409, 'satusehatSync.alreadyAccepted');
    return { delivery: toDelivery(after), requeued: moved };
  }

  /** The visit's badge: the worst state of its deliveries (null while nothing is to be sent). */
  async visit(session: AuthSession, registrationUid: string): Promise<SatusehatVisitStatus> {
    const visit = await findVisit(this.db, registrationUid);
    if (!visit || visit.corpId !== session.corpId) throw notFound();
    clinicOf(session, visit.clinicId);
    const deliveries = (await deliveriesOfVisit(this.db, visit.id)).map(toDelivery);
    return {
      registrationId: visit.uid,
      state: worstState(deliveries.map((x) => x.state)),
      deliveries,
    };
  }

  /**
   * The badges of a page of the record, in the order asked. The ids come from the client: a visit
   * of another corporate, outside the caller's clinics or unknown is left out, never answered.
   */
  async visits(session: AuthSession, registrationUids: string[]): Promise<SatusehatVisitStatus[]> {
    const clinicIds = scopeClinicIds(session);
    if (!clinicIds.length) return [];
    const { visits, deliveries } = await deliveriesOfVisits(
      this.db,
      registrationUids,
      session.corpId,
      clinicIds,
    );
    const byVisit = new Map<string, SatusehatDelivery[]>(visits.map((uid) => [uid, []]));
    for (const row of deliveries) byVisit.get(row.registrationUid)?.push(toDelivery(row));
    return registrationUids.flatMap((uid) => {
      const ofVisit = byVisit.get(uid);
      return ofVisit
        ? [{ registrationId: uid, state: worstState(ofVisit.map((x) => x.state)), deliveries: ofVisit }]
        : [];
    });
  }

  /** The dashboard's count: refused, blocked and waiting deliveries of the caller's clinics (or one of them). */
  async refusals(session: AuthSession, clinicId: number | undefined): Promise<SatusehatRefusals> {
    const clinicIds = clinicId === undefined ? scopeClinicIds(session) : [clinicOf(session, clinicId).id];
    if (!clinicIds.length) return { refused: 0, blocked: 0, waiting: 0 };
    const counts = countsOf(await countOpenDeliveries(this.db, session.corpId, clinicIds));
    return { refused: counts.refused, blocked: counts.blocked, waiting: counts.waiting };
  }
}
