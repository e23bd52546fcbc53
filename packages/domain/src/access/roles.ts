/** Role names as the specification writes them; other roles may be loaded from the roles list. */
export const ROLES = {
  superAdmin: 'Super Admin',
  admin: 'Admin',
  doctor: 'Doctor',
  nurse: 'Nurse',
  registration: 'Registration',
  radiologi: 'Radiologi',
  applimetis: 'Applimetis',
  lab: 'Lab',
  pharmacy: 'Pharmacy',
  cashier: 'Cashier',
  /** A partner company's HR user: the company portal only (users.company_id names the company). */
  companyHr: 'Perusahaan',
} as const;

export type RoleName = (typeof ROLES)[keyof typeof ROLES] | (string & {});

/** Roles that pass every server route check (DESIGN 4). */
export const ALL_ACCESS_ROLES: readonly string[] = [ROLES.superAdmin, ROLES.applimetis];

/** Roles whose header clinic name is the corporate profile name (spec 2.4, 6). */
export const CORPORATE_NAME_ROLES: readonly string[] = [ROLES.superAdmin, ROLES.admin];

/** Roles that see every clinic of their corporate. */
export const CORPORATE_SCOPE_ROLES: readonly string[] = [ROLES.superAdmin, ROLES.admin, ROLES.applimetis];

export const ACCOUNT_TYPES = ['corporate', 'klinik', 'mandiri'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
