import type { Permission } from '@klinikita/domain/access/permissions';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { PrescriptionItem } from '@klinikita/domain/consultations/encounter.schema';
import { hasRacikan } from '@klinikita/domain/pharmacy/pharmacy.rules';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nextQueueValue } from '../../db/queue-counters.ts';
import {
  clinics,
  drugs,
  encounters,
  patients,
  prescriptions,
  registrations,
  stockLevels,
  stockLocations,
  users,
} from '../../db/schema/index.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { newUid } from '../../shared/crypto.ts';
import { receive } from '../inventory/inventory.service.ts';
import { move } from './pharmacy.service.ts';
import { CASES, MARK, NEEDED } from './pharmacy-demo.data.ts';
import { dispense } from './pharmacy-dispense.service.ts';
import { substitute } from './pharmacy-substitute.service.ts';

/**
 * Demo (issue 17): today's prescriptions at Menteng (clinic 10) in every state of the pharmacy
 * queue, each from a signed note of a demo doctor's visit, moved through the pharmacy's own
 * services as the `farmasi` user so that stock, the event log and the visits agree. The first,
 * submitted, shows an interaction (ciprofloxacin with an antacid) for the pharmacist to walk
 * through. Drugs it needs without stock at the pharmacy are received there first. Runs once a day.
 */

const CLINIC = 10;
const PERMISSIONS: Permission[] = ['prescription.dispense', 'queue.read'];

export async function seedDemoPrescriptions(db: Db, now = new Date()): Promise<number> {
  const [clinic] = await db.select().from(clinics).where(eq(clinics.id, CLINIC));
  if (!clinic) return 0;
  const today = clinicDay(clinic.timeZone, now);
  const [done] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.clinicId, CLINIC),
        eq(registrations.queueDate, today),
        eq(registrations.complaint, MARK),
      ),
    );
  if (done) return 0;
  const [location] = await db
    .select({ id: stockLocations.id, uid: stockLocations.uid })
    .from(stockLocations)
    .where(
      and(
        eq(stockLocations.clinicId, CLINIC),
        eq(stockLocations.type, 'pharmacy'),
        eq(stockLocations.active, true),
      ),
    )
    .orderBy(asc(stockLocations.id))
    .limit(1);
  const [pharmacist] = await db.select().from(users).where(eq(users.username, 'farmasi')).limit(1);
  const [doctorVisit] = await db
    .select({ doctorId: registrations.doctorId })
    .from(registrations)
    .where(
      and(
        eq(registrations.clinicId, CLINIC),
        eq(registrations.orderType, 'doctor'),
        sql`${registrations.doctorId} IS NOT NULL`,
      ),
    )
    .orderBy(asc(registrations.id))
    .limit(1);
  if (!location || !pharmacist || !doctorVisit?.doctorId) return 0;
  const [doctorUser] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.doctorId, doctorVisit.doctorId))
    .limit(1);
  const people = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.clinicId, CLINIC), isNull(patients.deletedAt)))
    .orderBy(asc(patients.id))
    .limit(CASES.length);
  if (!people.length) return 0;

  // a session of the demo's pharmacist, as a login would make it (the services check its scope)
  const session = {
    userId: pharmacist.id,
    username: pharmacist.username,
    name: pharmacist.name,
    corpId: clinic.corpId,
    clinicIds: [CLINIC],
    clinics: [
      {
        id: CLINIC,
        uid: clinic.uid,
        corpId: clinic.corpId,
        name: clinic.name,
        mcuSite: false,
        timeZone: clinic.timeZone,
      },
    ],
    permissions: new Set(PERMISSIONS),
  } as unknown as AuthSession;

  const master = await db
    .select({
      id: drugs.id,
      uid: drugs.uid,
      name: drugs.name,
      strength: drugs.strength,
      unit: drugs.unit,
      baseUnit: drugs.baseUnit,
    })
    .from(drugs)
    .where(and(eq(drugs.corpId, clinic.corpId), isNull(drugs.deletedAt), inArray(drugs.name, NEEDED)))
    .orderBy(asc(drugs.id));
  const drugOf = (name: string) => master.find((d) => d.name === name);
  for (const name of NEEDED) {
    const drug = drugOf(name);
    if (!drug) continue;
    const [held] = await db
      .select({ q: sql<number>`coalesce(sum(${stockLevels.quantity}), 0)::float8` })
      .from(stockLevels)
      .where(and(eq(stockLevels.locationId, location.id), eq(stockLevels.itemId, drug.id)));
    if (held.q >= 60) continue;
    await receive(
      db,
      session,
      location.uid,
      {
        itemUid: drug.uid,
        batchNumber: `DMO-${name.slice(0, 3).toUpperCase()}-01`,
        expiryDate: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`,
        quantity: 100,
        unit: drug.baseUnit ?? drug.unit,
        unitCost: 300,
      },
      '127.0.0.1',
    );
  }

  let made = 0;
  for (const [i, c] of CASES.entries()) {
    const patientId = people[i % people.length].id;
    const items: PrescriptionItem[] = c.lines.flatMap((l) => {
      const drug = drugOf(l.drug);
      if (!drug) return [];
      return [
        {
          kind: 'drug' as const,
          drugId: drug.uid,
          name: [drug.name, drug.strength].filter(Boolean).join(' '),
          ingredients: [],
          compoundForm: null,
          dose: l.dose,
          frequency: l.frequency,
          route: 'oral' as const,
          durationDays: l.days,
          quantity: l.quantity,
          unit: drug.unit,
          instructions: l.note,
        },
      ];
    });
    if (c.racikan)
      items.push({
        kind: 'compound',
        drugId: null,
        name: c.racikan.name,
        dose: '1 bungkus',
        frequency: '3x sehari',
        route: 'oral',
        durationDays: 3,
        quantity: c.racikan.packets,
        unit: 'bungkus',
        instructions: 'Sesudah makan',
        compoundForm: 'puyer',
        ingredients: c.racikan.ingredients.map((g) => {
          const drug = drugOf(g.drug);
          return {
            drugId: drug?.uid ?? null,
            name: [g.drug, drug?.strength].filter(Boolean).join(' '),
            amount: g.amount,
          };
        }),
      });
    if (!items.length) continue;
    const at = new Date(now.getTime() - c.minutesAgo * 60_000);
    const uid = await db.transaction(async (tx) => {
      const seq = await nextQueueValue(tx, CLINIC, 'A', today);
      const [visit] = await tx
        .insert(registrations)
        .values({
          uid: newUid(),
          corpId: clinic.corpId,
          clinicId: CLINIC,
          patientId,
          orderType: 'doctor',
          doctorId: doctorVisit.doctorId,
          status: 'Prescription Waiting',
          queueDate: today,
          queuePrefix: 'A',
          queueSeq: seq,
          queueNumber: `A-${String(seq).padStart(3, '0')}`,
          room: 'Poli Umum',
          payerType: 'self',
          complaint: c.complaint,
          arrivedAt: new Date(at.getTime() - 40 * 60_000),
          calledAt: new Date(at.getTime() - 25 * 60_000),
          statusChangedAt: at,
          createdAt: new Date(at.getTime() - 40 * 60_000),
          updatedAt: at,
        })
        .returning({ id: registrations.id });
      const [note] = await tx
        .insert(encounters)
        .values({
          uid: newUid(),
          corpId: clinic.corpId,
          clinicId: CLINIC,
          patientId,
          registrationId: visit.id,
          doctorId: doctorVisit.doctorId,
          status: 'signed',
          subjective: c.complaint,
          diagnoses: [],
          prescription: items,
          createdBy: doctorUser?.id ?? null,
          createdAt: new Date(at.getTime() - 20 * 60_000),
          updatedAt: at,
          signedAt: at,
          signedBy: doctorUser?.id ?? null,
        })
        .returning({ id: encounters.id });
      const [rx] = await tx
        .insert(prescriptions)
        .values({
          uid: newUid(),
          corpId: clinic.corpId,
          clinicId: CLINIC,
          patientId,
          encounterId: note.id,
          registrationId: visit.id,
          doctorId: doctorVisit.doctorId,
          status: 'submitted',
          priority: c.cito ? 'cito' : 'normal',
          items,
          racikan: hasRacikan(items),
          createdAt: at,
        })
        .returning({ uid: prescriptions.uid });
      return rx.uid;
    });
    for (const [k, step] of c.steps.entries()) {
      if (step.action === 'dispense')
        await dispense(
          db,
          session,
          uid,
          { requestKey: `demo-${uid}-${k}`, lines: step.lines ?? [], overrideReason: null },
          '127.0.0.1',
        );
      else if (step.action === 'substitute') {
        const drug = drugOf(step.drug);
        if (drug)
          await substitute(
            db,
            session,
            uid,
            { line: step.line, itemUid: drug.uid, reason: step.reason },
            '127.0.0.1',
          );
      } else
        await move(
          db,
          session,
          uid,
          { action: step.action, reason: 'reason' in step ? step.reason : null },
          '127.0.0.1',
        );
    }
    made++;
  }
  return made;
}
