import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { newUid } from '../../shared/crypto.ts';
import type { Db } from '../client.ts';
import { nextQueueValue } from '../queue-counters.ts';
import {
  labParameters,
  labSpecimens,
  registrations,
  servicePackageItems,
  services,
  users,
} from '../schema/index.ts';

/**
 * Demo: the containers of today's demo lab and MCU visits (after the lab-results demo), so the lab
 * opens on every step: a visit with released results has its containers received; one whose
 * sample is taken has them collected and the first received; the first waiting lab visit (given
 * the lab demo's order) has its containers labelled and a serum tube rejected for haemolysis with
 * its replacement labelled. A visit with containers is left alone, so it may run again.
 */

const WAITING_ORDER = 'Darah Lengkap, Glukosa Darah Sewaktu';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The distinct containers (with their specimen) of the tests a visit's complaint names, as the
 * lab reads the order: each item matched to an active lab test or panel of the corporate by code
 * or name, panels unfolded into their active tests, each test once in the order named, and each
 * test's active parameters in print order.
 */
async function containersOf(tx: Tx, corpId: number, complaint: string | null) {
  const catalogue = await tx
    .select({
      id: services.id,
      code: services.code,
      nameId: services.nameId,
      nameEn: services.nameEn,
      isPackage: services.isPackage,
    })
    .from(services)
    .where(and(eq(services.corpId, corpId), eq(services.serviceGroup, 'lab'), eq(services.active, true)))
    .orderBy(asc(services.id));
  const byKey = new Map<string, (typeof catalogue)[number]>();
  // a code wins over a name, an Indonesian name over an English one
  for (const key of ['nameEn', 'nameId', 'code'] as const)
    for (const s of catalogue) byKey.set(normalise(s[key]), s);
  const matched: (typeof catalogue)[number][] = [];
  for (const item of (complaint ?? '').split(/[,;\n]+/)) {
    const found = byKey.get(normalise(item));
    if (found && !matched.includes(found)) matched.push(found);
  }
  const panelIds = matched.filter((s) => s.isPackage).map((s) => s.id);
  const panelItems = panelIds.length
    ? await tx
        .select({ id: services.id, panelId: servicePackageItems.packageId })
        .from(servicePackageItems)
        .innerJoin(services, eq(services.id, servicePackageItems.itemId))
        .where(
          and(
            inArray(servicePackageItems.packageId, panelIds),
            eq(services.active, true),
            eq(services.isPackage, false),
          ),
        )
        .orderBy(asc(servicePackageItems.packageId), asc(servicePackageItems.sort), asc(services.code))
    : [];
  const testIds: number[] = [];
  for (const s of matched)
    for (const t of s.isPackage ? panelItems.filter((i) => i.panelId === s.id) : [s])
      if (!testIds.includes(t.id)) testIds.push(t.id);
  if (!testIds.length) return [];
  const params = await tx
    .select({
      serviceId: labParameters.serviceId,
      container: labParameters.container,
      specimen: labParameters.specimen,
    })
    .from(labParameters)
    .where(and(inArray(labParameters.serviceId, testIds), eq(labParameters.active, true)))
    .orderBy(
      asc(labParameters.serviceId),
      asc(labParameters.printOrder),
      asc(labParameters.code),
      asc(labParameters.id),
    );
  return [
    ...new Map(
      testIds
        .flatMap((id) => params.filter((p) => p.serviceId === id))
        .filter((p) => p.container)
        .map((p) => [p.container!, p.specimen]),
    ),
  ];
}

/** A clinic day's next container barcode: `L` + clinic (3 digits) + YYMMDD + a 4-digit sequence. */
async function nextBarcode(tx: Tx, clinicId: number, day: string): Promise<string> {
  const seq = await nextQueueValue(tx, clinicId, 'LABSPC', day);
  const ymd = day.slice(2, 10).replaceAll('-', '');
  return `L${String(clinicId).padStart(3, '0')}${ymd}${String(seq).padStart(4, '0')}`;
}

async function insertSpecimen(tx: Tx, row: typeof labSpecimens.$inferInsert): Promise<number> {
  const [out] = await tx.insert(labSpecimens).values(row).returning({ id: labSpecimens.id });
  return out.id;
}

export async function seedDemoLabSpecimens(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const visits = await tx
      .select({
        id: registrations.id,
        corpId: registrations.corpId,
        clinicId: registrations.clinicId,
        queueDate: sql<string>`${registrations.queueDate}::text`,
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
      const visit = { ...v, complaint: waiting ? WAITING_ORDER : v.complaint };
      const containers = await containersOf(tx, visit.corpId, visit.complaint);
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
