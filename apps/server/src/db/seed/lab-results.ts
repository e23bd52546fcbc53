import { ageInDays, flagValue, pickRange, type RangeSex } from '@klinikita/domain/lab/lab-catalogue.rules';
import { calculate, parseFormula, roundTo } from '@klinikita/domain/lab/lab-formula.rules';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { newUid } from '../../shared/crypto.ts';
import type { Db } from '../client.ts';
import {
  labParameters,
  labReferenceRanges,
  labReports,
  labResultValues,
  patients,
  registrations,
  servicePackageItems,
  services,
  users,
} from '../schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Demo: lab results for today's demo lab and MCU visits (seedDemoDay) that have none, so the lab's
 * screen and the doctor's card open on real reports. A visit the demo marks "lab done" gets a
 * released report, one whose sample is taken a draft with the blood count typed; each visit's
 * order is written into its complaint as the front office would (Darah Lengkap and random glucose
 * for the lab, the basic MCU panel for MCU). Values sit inside the normal ranges, with a low
 * haemoglobin and a high glucose on the first lab visit so the flags show. Runs after seedDemoDay;
 * a visit with a complaint or a report of its own is left alone, so it may run again.
 */

const ORDERS = {
  LAB: { text: 'Darah Lengkap, Glukosa Darah Sewaktu', codes: ['LAB-DL', 'LAB-GDS'] },
  MCU: { text: 'Panel MCU Dasar', codes: ['LAB-P-MCU'] },
} as const;

/** The first lab visit's values away from normal (H / L flags on the demo's screens). */
const ABNORMAL: Record<string, number> = { HB: 10.8, GDS: 236 };

type Param = typeof labParameters.$inferSelect;
type Range = typeof labReferenceRanges.$inferSelect;

/** The tests of an order (a panel unfolded), each with its active parameters in print order. */
async function testsOf(tx: Tx, corpId: number, codes: readonly string[]) {
  const named = await tx
    .select({ id: services.id, isPackage: services.isPackage })
    .from(services)
    .where(
      and(eq(services.corpId, corpId), eq(services.serviceGroup, 'lab'), inArray(services.code, [...codes])),
    );
  const ids: number[] = [];
  for (const s of named) {
    if (!s.isPackage) ids.push(s.id);
    else
      for (const item of await tx
        .select({ id: servicePackageItems.itemId })
        .from(servicePackageItems)
        .where(eq(servicePackageItems.packageId, s.id))
        .orderBy(asc(servicePackageItems.sort)))
        ids.push(item.id);
  }
  if (!ids.length) return { params: [] as Param[], ranges: [] as Range[] };
  const params = await tx
    .select()
    .from(labParameters)
    .where(and(inArray(labParameters.serviceId, ids), eq(labParameters.active, true)))
    .orderBy(asc(labParameters.serviceId), asc(labParameters.printOrder));
  const ranges = params.length
    ? await tx
        .select()
        .from(labReferenceRanges)
        .where(
          inArray(
            labReferenceRanges.parameterId,
            params.map((p) => p.id),
          ),
        )
    : [];
  return { params, ranges };
}

/** A value inside the normal range (the normal answer of a choice), at the parameter's decimals. */
function normalValue(p: Param, range: Range | null): number | string {
  if (p.resultType !== 'number') return range?.normalText ?? p.choices?.[0] ?? 'Normal';
  const low = range?.low ?? null;
  const high = range?.high ?? null;
  const mid =
    low !== null && high !== null ? (low + high) / 2 : high !== null ? high * 0.7 : (low ?? 0) * 1.2 || 1;
  return roundTo(mid, p.decimals);
}

export async function seedDemoLabResults(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const visits = await tx
      .select({
        id: registrations.id,
        corpId: registrations.corpId,
        clinicId: registrations.clinicId,
        serviceType: registrations.serviceType,
        queueDate: registrations.queueDate,
        samplingDone: registrations.samplingDone,
        labDone: registrations.labDone,
        sex: patients.sex,
        dob: sql<string>`${patients.dob}::text`,
      })
      .from(registrations)
      .innerJoin(patients, eq(patients.id, registrations.patientId))
      .where(
        and(
          inArray(registrations.clinicId, [10, 11, 12]),
          inArray(registrations.serviceType, ['LAB', 'MCU']),
          eq(registrations.orderType, 'service'),
          isNull(registrations.complaint),
          isNull(registrations.serviceOrderUid),
          sql`(${registrations.samplingDone} OR ${registrations.labDone})`,
          sql`NOT EXISTS (SELECT 1 FROM ${labReports} WHERE ${labReports.registrationId} = ${registrations.id})`,
        ),
      )
      .orderBy(asc(registrations.id));
    if (!visits.length) return 0;
    const [analyst] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'lab')).limit(1);
    const userId = analyst?.id ?? null;
    let made = 0;
    for (const [i, visit] of visits.entries()) {
      const order = ORDERS[visit.serviceType as 'LAB' | 'MCU'];
      const { params, ranges } = await testsOf(tx, visit.corpId, order.codes);
      if (!params.length) continue;
      await tx.update(registrations).set({ complaint: order.text }).where(eq(registrations.id, visit.id));
      const ageDays = ageInDays(visit.dob, visit.queueDate) ?? 0;
      const rangeOf = (p: Param) =>
        pickRange(
          ranges.filter((r) => r.parameterId === p.id).map((r) => ({ ...r, sex: r.sex as RangeSex })),
          { sex: visit.sex === 'F' ? 'F' : 'M', ageDays },
        );
      const released = visit.labDone;
      // a sample just taken: only the blood count is typed so far
      const typed = released ? params : params.filter((p) => ['HB', 'HT', 'LEU', 'TROMBO'].includes(p.code));
      const values = new Map<number, number | string>();
      for (const p of typed.filter((t) => !t.formula))
        values.set(p.id, i === 0 && p.code in ABNORMAL ? ABNORMAL[p.code] : normalValue(p, rangeOf(p)));
      for (const p of typed.filter((t) => t.formula)) {
        const byCode = Object.fromEntries(
          params
            .filter((s) => s.serviceId === p.serviceId)
            .map((s) => [s.code.toUpperCase(), values.get(s.id)]),
        ) as Record<string, number | undefined>;
        const formula = parseFormula(p.formula!);
        const value = 'error' in formula ? null : calculate(formula, byCode);
        if (value !== null) values.set(p.id, roundTo(value, p.decimals));
      }
      const at = new Date(now.getTime() - 30 * 60_000);
      const [report] = await tx
        .insert(labReports)
        .values({
          uid: newUid(),
          corpId: visit.corpId,
          clinicId: visit.clinicId,
          registrationId: visit.id,
          status: released ? 'released' : 'draft',
          enteredBy: userId,
          enteredAt: at,
          ...(released ? { validatedBy: userId, validatedAt: at, releasedBy: userId, releasedAt: now } : {}),
        })
        .returning({ id: labReports.id });
      await tx.insert(labResultValues).values(
        params
          .filter((p) => values.has(p.id))
          .map((p) => {
            const value = values.get(p.id)!;
            const range = rangeOf(p);
            const flag = flagValue(value, range);
            return {
              reportId: report.id,
              parameterId: p.id,
              serviceId: p.serviceId,
              valueNumber: typeof value === 'number' ? value : null,
              valueText: typeof value === 'string' ? value : null,
              calculated: p.formula !== null,
              unit: p.unit,
              low: range?.low ?? null,
              high: range?.high ?? null,
              criticalLow: range?.criticalLow ?? null,
              criticalHigh: range?.criticalHigh ?? null,
              normalText: range?.normalText ?? null,
              flag: flag === 'impossible' ? null : flag,
              enteredBy: userId,
              enteredAt: at,
            };
          }),
      );
      made++;
    }
    return made;
  });
}
