import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import {
  clinics,
  codeListItems,
  mcuCompanyCategories,
  mcuConclusions,
  mcuEvents,
  mcuParticipants,
  partnerCompanies,
} from '../../db/schema/index.ts';
import { containsPattern, type Executor } from '../../shared/sql.ts';

/** The SQL of the company portal (mcu-portal.service.ts): always within one corporate and one company. */

export async function portalCompany(db: Executor, corpId: number, companyId: number) {
  const [row] = await db
    .select({ id: partnerCompanies.id, name: partnerCompanies.name, code: partnerCompanies.code })
    .from(partnerCompanies)
    .where(and(eq(partnerCompanies.corpId, corpId), eq(partnerCompanies.id, companyId)));
  return row ?? null;
}

const count = (status: string) =>
  sql<number>`(SELECT count(*)::int FROM ${mcuParticipants} p WHERE p.event_id = ${mcuEvents.id} AND p.status = ${status})`;

const eventColumns = {
  id: mcuEvents.id,
  uid: mcuEvents.uid,
  name: mcuEvents.name,
  clinicName: clinics.name,
  examType: mcuEvents.examType,
  startDate: sql<string>`${mcuEvents.startDate}::text`,
  endDate: sql<string>`${mcuEvents.endDate}::text`,
  status: mcuEvents.status,
  registered: count('registered'),
  inProgress: count('inProgress'),
  done: count('done'),
  approved: count('approved'),
};
export type PortalEventRow = Awaited<ReturnType<typeof portalEvents>>[number];

/** The company's events, newest first, with their participants counted per status. */
export function portalEvents(db: Executor, corpId: number, companyId: number, uid?: string) {
  return db
    .select(eventColumns)
    .from(mcuEvents)
    .innerJoin(clinics, eq(clinics.id, mcuEvents.clinicId))
    .where(
      and(
        eq(mcuEvents.corpId, corpId),
        eq(mcuEvents.companyId, companyId),
        uid === undefined ? undefined : eq(mcuEvents.uid, uid),
      ),
    )
    .orderBy(desc(mcuEvents.startDate), desc(mcuEvents.id))
    .limit(200);
}

/** The event's participants (of a status, matching a name or number) with their approved conclusion. */
export function portalParticipants(
  db: Executor,
  eventId: number,
  filter: { status?: string; search?: string },
) {
  const search = filter.search ? containsPattern(filter.search) : null;
  return db
    .select({
      p: {
        uid: mcuParticipants.uid,
        mcuNumber: mcuParticipants.mcuNumber,
        employeeNumber: mcuParticipants.employeeNumber,
        name: mcuParticipants.name,
        department: mcuParticipants.department,
        job: mcuParticipants.job,
        status: mcuParticipants.status,
        consentToShare: mcuParticipants.consentToShare,
      },
      c: {
        category: mcuConclusions.category,
        conclusion: mcuConclusions.conclusion,
        advice: mcuConclusions.advice,
        restrictions: mcuConclusions.restrictions,
        followUpDate: sql<string | null>`${mcuConclusions.followUpDate}::text`,
        findings: mcuConclusions.findings,
        approvedAt: mcuConclusions.approvedAt,
      },
    })
    .from(mcuParticipants)
    .leftJoin(
      mcuConclusions,
      and(eq(mcuConclusions.participantId, mcuParticipants.id), eq(mcuConclusions.status, 'approved')),
    )
    .where(
      and(
        eq(mcuParticipants.eventId, eventId),
        filter.status ? eq(mcuParticipants.status, filter.status as 'registered') : undefined,
        search
          ? or(
              ilike(mcuParticipants.name, search),
              ilike(mcuParticipants.employeeNumber, search),
              ilike(mcuParticipants.mcuNumber, search),
            )
          : undefined,
      ),
    )
    .orderBy(asc(mcuParticipants.seq))
    .limit(5000);
}

/** The company's own categories, else the corporate's MCU conclusion list (code → label, fit). */
export async function portalCategories(db: Executor, corpId: number, companyId: number) {
  const own = await db
    .select({
      code: mcuCompanyCategories.code,
      label: mcuCompanyCategories.label,
      fit: mcuCompanyCategories.fit,
    })
    .from(mcuCompanyCategories)
    .where(eq(mcuCompanyCategories.companyId, companyId));
  const list = await db
    .select({ code: codeListItems.code, label: codeListItems.nameId })
    .from(codeListItems)
    .where(and(eq(codeListItems.corpId, corpId), eq(codeListItems.list, 'mcuConclusion')));
  const out = new Map<string, { label: string; fit: boolean | null }>();
  for (const c of list) out.set(c.code, { label: c.label, fit: null });
  for (const c of own) out.set(c.code, { label: c.label, fit: c.fit });
  return out;
}
