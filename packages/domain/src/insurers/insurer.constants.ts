/**
 * The insurer kinds and eligibility answers, apart from the insurer schema so that the
 * registration schema (loaded by every desk) names no insurer or service catalogue section.
 */
export const INSURER_KINDS = ['insurer', 'tpa', 'bpjs'] as const;
export type InsurerKind = (typeof INSURER_KINDS)[number];

export const ELIGIBILITY_STATUSES = ['eligible', 'not_eligible', 'pending'] as const;
export type EligibilityStatus = (typeof ELIGIBILITY_STATUSES)[number];
