import {
  type ContractPrice,
  type CoverageTerms,
  withCoveredAmount,
} from '@klinikita/domain/billing/coverage.rules';
import type { CopayType } from '@klinikita/domain/partner-companies/partner-company.rules';
import { eq, sql } from 'drizzle-orm';
import {
  insurers,
  partnerCompanies,
  partnerCompanyExcludedServices,
  partnerCompanyPrices,
  registrations,
} from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/**
 * What a visit's coverage is read from (reads only): the payer's terms — the partner company's
 * (with its excluded services and contract prices) or the insurer's of the master — and what that
 * payer already covered for the patient in a calendar year.
 */

export interface PayerTerms {
  kind: 'company' | 'insurer';
  payerId: number;
  terms: CoverageTerms;
  excludedGroups: string[];
  excludedServiceIds: number[];
  prices: ContractPrice[];
}

const termsOf = (r: {
  ceilingPerVisit: number | null;
  ceilingPerYear: number | null;
  copayType: string;
  copayValue: number;
}): CoverageTerms => ({
  ceilingPerVisit: r.ceilingPerVisit,
  ceilingPerYear: r.ceilingPerYear,
  copayType: r.copayType as CopayType,
  copayValue: r.copayValue,
});

const coverageColumns = {
  id: partnerCompanies.id,
  ceilingPerVisit: partnerCompanies.ceilingPerVisit,
  ceilingPerYear: partnerCompanies.ceilingPerYear,
  copayType: partnerCompanies.copayType,
  copayValue: partnerCompanies.copayValue,
  excludedGroups: partnerCompanies.excludedGroups,
};

/**
 * The visit's payer terms: its company's on a company visit, its insurer's on an insurance or BPJS
 * one, with the covered amount of the visit's eligibility as a per-visit ceiling.
 */
export async function payerTermsOf(
  db: Executor,
  visit: { id: number; payerType: string; companyId: number | null },
): Promise<PayerTerms | null> {
  if (visit.payerType === 'company' && visit.companyId !== null) {
    const [c] = await db
      .select(coverageColumns)
      .from(partnerCompanies)
      .where(eq(partnerCompanies.id, visit.companyId));
    if (!c) return null;
    const excluded = await db
      .select({ serviceId: partnerCompanyExcludedServices.serviceId })
      .from(partnerCompanyExcludedServices)
      .where(eq(partnerCompanyExcludedServices.companyId, c.id));
    const prices = await db
      .select({
        serviceId: partnerCompanyPrices.serviceId,
        price: partnerCompanyPrices.price,
        validFrom: sql<string>`${partnerCompanyPrices.validFrom}::text`,
        validTo: sql<string | null>`${partnerCompanyPrices.validTo}::text`,
      })
      .from(partnerCompanyPrices)
      .where(eq(partnerCompanyPrices.companyId, c.id));
    return {
      kind: 'company',
      payerId: c.id,
      terms: termsOf(c),
      excludedGroups: c.excludedGroups,
      excludedServiceIds: excluded.map((e) => e.serviceId),
      prices: prices.map((p) => ({ ...p, price: Number(p.price) })),
    };
  }
  if (visit.payerType === 'insurance' || visit.payerType === 'bpjs') {
    const [i] = await db
      .select({
        id: insurers.id,
        ceilingPerVisit: insurers.ceilingPerVisit,
        ceilingPerYear: insurers.ceilingPerYear,
        copayType: insurers.copayType,
        copayValue: insurers.copayValue,
        excludedGroups: insurers.excludedGroups,
        coveredAmount: registrations.eligibilityCoveredAmount,
      })
      .from(registrations)
      .innerJoin(insurers, eq(insurers.id, registrations.insurerId))
      .where(eq(registrations.id, visit.id));
    if (!i) return null;
    return {
      kind: 'insurer',
      payerId: i.id,
      // the plafon of the eligibility noted on the visit caps the insurer's share of it
      terms: withCoveredAmount(termsOf(i), i.coveredAmount),
      excludedGroups: i.excludedGroups,
      excludedServiceIds: [],
      prices: [],
    };
  }
  return null;
}

/**
 * What the payer covered for the patient from `from` to `to` (service days): the payer portions
 * of the patient's posted (and paid) bills with that company or insurer, this visit's own left out.
 */
export async function coveredInPeriod(
  db: Executor,
  q: { patientId: number; registrationId: number; payer: PayerTerms; from: string; to: string },
): Promise<number> {
  const payerClause =
    q.payer.kind === 'company'
      ? sql`b.payer_type = 'company' AND b.company_id = ${q.payer.payerId}`
      : sql`b.payer_type IN ('insurance', 'bpjs') AND r.insurer_id = ${q.payer.payerId}`;
  const result = await db.execute(sql`
    SELECT coalesce(sum(l.payer_portion), 0)::bigint AS used
      FROM bill_lines l
      JOIN bills b ON b.id = l.bill_id
      JOIN registrations r ON r.id = b.registration_id
     WHERE b.patient_id = ${q.patientId}
       AND b.registration_id <> ${q.registrationId}
       AND b.status IN ('posted', 'paid')
       AND b.service_day BETWEEN ${q.from}::date AND ${q.to}::date
       AND ${payerClause}`);
  const [row] = (result as unknown as { rows: { used: string | number }[] }).rows;
  return Number(row?.used ?? 0);
}
