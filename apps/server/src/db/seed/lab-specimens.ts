import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { workOf } from '../../modules/lab-results/lab-work.service.ts';
import { insertSpecimen, nextBarcode } from '../../modules/lab-specimens/lab-specimens.queries.ts';
import { findRegistrationById } from '../../modules/registrations/registrations.queries.ts';
import { newUid } from '../../shared/crypto.ts';
import type { Db } from '../client.ts';
import { labSpecimens, registrations, users } from '../schema/index.ts';

/**
 * Demo: the containers of today's demo lab and MCU visits (after the lab-results demo), so the lab
 * opens on every step: a visit with released results has its containers received; one whose
 * sample is taken has them collected and the first received; the first waiting lab visit (given
 * the lab demo's order) has its containers labelled and a serum tube rejected for haemolysis with
 * its replacement labelled. A visit with containers is left alone, so it may run again.
 */

const WAITING_ORDER = 'Darah Lengkap, Glukosa Darah Sewaktu';

export async function seedDemoLabSpecimens(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const visits = await tx
      .select({
        id: registrations.id,
        complaint: registrations.complaint,
        serviceType: registrations.serviceType,
        samplingDone: registrations.samplingDone,
        labDone: registrations.labDone,
      })
      .from(registrations)
      .where(
        and(
          inArray(registrations.clinicId, [10, 11, 12]),
          inArray(registrations.serviceType, ['LAB', 'MCU']),
          eq(registrations.orderType, 'service'),
          isNull(registrations.serviceOrderUid),
          // today's demo day (the clinic's day may be a day ahead of the database's)
          sql`${registrations.queueDate} >= CURRENT_DATE - 1`,
          sql`NOT EXISTS (SELECT 1 FROM ${labSpecimens} WHERE ${labSpecimens.registrationId} = ${registrations.id})`,
        ),
      )
      .orderBy(asc(registrations.id));
    const [analyst] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'lab')).limit(1);
    const userId = analyst?.id ?? null;
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
    // one rejected sample a demo day: a second run leaves the waiting visits alone
    const [earlier] = await tx
      .select({ id: labSpecimens.id })
      .from(labSpecimens)
      .where(
        and(eq(labSpecimens.status, 'rejected'), sql`${labSpecimens.createdAt} > now() - interval '1 day'`),
      )
      .limit(1);
    let rejectedOne = Boolean(earlier);
    let made = 0;
    for (const v of visits) {
      const waiting = !v.samplingDone && !v.labDone;
      if (waiting && (rejectedOne || v.serviceType !== 'LAB' || v.complaint)) continue;
      if (waiting)
        await tx.update(registrations).set({ complaint: WAITING_ORDER }).where(eq(registrations.id, v.id));
      const visit = await findRegistrationById(tx, v.id);
      if (!visit) continue;
      const work = await workOf(tx, visit);
      const containers = [
        ...new Map(
          work.tests
            .flatMap((t) => t.parameters)
            .filter((p) => p.row.container)
            .map((p) => [p.row.container!, p.row.specimen]),
        ),
      ];
      for (const [i, [container, specimen]] of containers.entries()) {
        const base = {
          uid: newUid(),
          corpId: visit.corpId,
          clinicId: visit.clinicId,
          registrationId: visit.id,
          container,
          specimen,
          createdBy: userId,
          createdAt: minutesAgo(90),
        };
        const collected = { collectedBy: userId, collectedAt: minutesAgo(80) };
        const received = { receivedBy: userId, receivedAt: minutesAgo(70) };
        const barcode = () => nextBarcode(tx, visit.clinicId, visit.queueDate);
        if (v.labDone)
          await insertSpecimen(tx, {
            ...base,
            barcode: await barcode(),
            status: 'received',
            ...collected,
            ...received,
          });
        else if (v.samplingDone)
          await insertSpecimen(tx, {
            ...base,
            barcode: await barcode(),
            ...(i === 0
              ? { status: 'received', ...collected, ...received }
              : { status: 'collected', ...collected }),
          });
        else if (container === 'plain') {
          const replacesId = await insertSpecimen(tx, {
            ...base,
            barcode: await barcode(),
            status: 'rejected',
            ...collected,
            rejectedBy: userId,
            rejectedAt: minutesAgo(60),
            rejectReasonCode: 'HEMOLISIS',
            rejectReason: 'Sampel hemolisis',
          });
          await insertSpecimen(tx, {
            ...base,
            uid: newUid(),
            barcode: await barcode(),
            replacesId,
            createdAt: minutesAgo(59),
          });
        } else await insertSpecimen(tx, { ...base, barcode: await barcode() });
      }
      if (waiting) rejectedOne = true;
      made++;
    }
    return made;
  });
}
