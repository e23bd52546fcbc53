import {
  accessionNumber,
  accessionPrefix,
  modalityOf,
  TEMPLATE_TEXT,
} from '@klinikita/domain/radiology/radiology.rules';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { newUid } from '../../shared/crypto.ts';
import type { Db } from '../client.ts';
import { radiologyReports, registrations, services, users } from '../schema/index.ts';

/**
 * Demo: radiology reports for today's demo radiology and MCU visits (seedDemoDay) that have none,
 * so `/Radiology` opens on every step: a visit the demo marks "radiology done" gets a signed
 * chest X-ray report from the MCU template (the first radiology visit's amended once: version 1
 * kept as replaced, version 2 signed), an MCU visit under examination a draft with the findings
 * typed, the rest no report yet (the worklist gives them their accession numbers when opened).
 * A front-office radiology visit without an order gets "Foto Thorax PA" as its complaint, as the
 * front office would type it. A visit with a report is left alone, so it may run again.
 */
const EXAMINATION = 'Foto Thorax PA';
const TEXT = TEMPLATE_TEXT.chestMcu.id;

export async function seedDemoRadiology(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const visits = await tx
      .select({
        id: registrations.id,
        corpId: registrations.corpId,
        clinicId: registrations.clinicId,
        serviceType: registrations.serviceType,
        status: registrations.status,
        queueDate: sql<string>`${registrations.queueDate}::text`,
        complaint: registrations.complaint,
        serviceOrderUid: registrations.serviceOrderUid,
        radDone: registrations.radDone,
        arrivedAt: registrations.arrivedAt,
      })
      .from(registrations)
      .where(
        and(
          inArray(registrations.clinicId, [10, 11, 12]),
          inArray(registrations.serviceType, ['RAD', 'MCU']),
          eq(registrations.orderType, 'service'),
          sql`${registrations.queueDate} = (SELECT max(queue_date) FROM registrations WHERE clinic_id = ${registrations.clinicId})`,
          sql`NOT EXISTS (SELECT 1 FROM ${radiologyReports} WHERE ${radiologyReports.registrationId} = ${registrations.id})`,
        ),
      )
      .orderBy(asc(registrations.arrivedAt), asc(registrations.id));
    if (!visits.length) return 0;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(20261126)`);
    const [radiologist] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'radiologi'))
      .limit(1);
    const signer = radiologist?.id ?? null;
    const [thorax] = await tx
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.code, 'RAD-THORAX'), eq(services.corpId, visits[0].corpId)))
      .limit(1);
    let made = 0;
    let amendedOne = false;
    for (const visit of visits) {
      if (visit.serviceType === 'RAD' && !visit.complaint && !visit.serviceOrderUid)
        await tx.update(registrations).set({ complaint: EXAMINATION }).where(eq(registrations.id, visit.id));
      const examination = visit.serviceType === 'RAD' && visit.complaint ? visit.complaint : EXAMINATION;
      const prefix = accessionPrefix(visit.clinicId, visit.queueDate);
      const [{ n }] = await tx
        .select({ n: sql<number>`count(DISTINCT ${radiologyReports.registrationId})::int` })
        .from(radiologyReports)
        .where(like(radiologyReports.accessionNumber, `${prefix}%`));
      const base = {
        corpId: visit.corpId,
        clinicId: visit.clinicId,
        registrationId: visit.id,
        accessionNumber: accessionNumber(visit.clinicId, visit.queueDate, Number(n) + 1),
        serviceId: thorax?.id ?? null,
        modality: modalityOf(examination),
        examination,
        template: 'chestMcu',
        clinicalInfo:
          visit.serviceType === 'MCU' ? 'Pemeriksaan kesehatan berkala (MCU)' : 'Batuk lebih dari 2 minggu',
      };
      const signedAt = new Date(visit.arrivedAt.getTime() + 40 * 60_000);
      if (visit.radDone) {
        const amend: boolean = !amendedOne && visit.serviceType === 'RAD';
        amendedOne ||= amend;
        await tx.insert(radiologyReports).values({
          ...base,
          uid: newUid(),
          version: 1,
          findings: TEXT.findings,
          impression: amend ? 'Cor dan pulmo dalam batas normal' : TEXT.impression,
          status: amend ? 'replaced' : 'signed',
          createdBy: signer,
          signedBy: signer,
          signedAt,
          replacedAt: amend ? new Date(signedAt.getTime() + 15 * 60_000) : null,
        });
        if (amend)
          await tx.insert(radiologyReports).values({
            ...base,
            uid: newUid(),
            version: 2,
            findings: TEXT.findings,
            impression: 'Cor dan pulmo dalam batas normal. Tidak tampak tanda TB paru aktif.',
            status: 'signed',
            amendmentReason: 'Kesan dilengkapi untuk surat keterangan sehat',
            createdBy: signer,
            signedBy: signer,
            signedAt: new Date(signedAt.getTime() + 20 * 60_000),
          });
      } else if (visit.status === 'Examination') {
        await tx.insert(radiologyReports).values({
          ...base,
          uid: newUid(),
          version: 1,
          findings: TEXT.findings,
          impression: null,
          status: 'draft',
          createdBy: signer,
        });
      } else {
        await tx
          .insert(radiologyReports)
          .values({ ...base, uid: newUid(), version: 1, template: null, status: 'draft' });
      }
      made++;
    }
    return made;
  });
}
