import { conflictErrors, endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import { companyParamsSchema } from './partner-company.schema.ts';
import {
  portalUserActiveSchema,
  portalUserCreateSchema,
  portalUserParamsSchema,
  portalUserSchema,
} from './portal-users.schema.ts';

/**
 * A partner company's portal accounts (issue 20 §8; the "Akun portal" tab of
 * `/Registration/perusahaanRekanan`): logins with the role `Perusahaan` limited to that company.
 * A company of another corporate is not found (404); every write is audited.
 */
const tags = ['partnerCompanies'] as const;

export const listPortalUsers = endpoint({
  method: 'GET',
  path: '/partner-companies/:uid/portal-users',
  permission: 'company.read',
  tags,
  summary: 'The company’s portal accounts (its HR users), active first',
  params: companyParamsSchema,
  response: z.array(portalUserSchema),
});

export const addPortalUser = endpoint({
  method: 'POST',
  path: '/partner-companies/:uid/portal-users',
  permission: 'company.manage',
  tags,
  summary:
    'Give the company’s HR a portal login (role Perusahaan, this company only; 409 when the username is taken)',
  params: companyParamsSchema,
  body: portalUserCreateSchema,
  response: portalUserSchema,
  errors: conflictErrors,
  message: 'partnerCompanies.portalUserSaved',
});

export const setPortalUserActive = endpoint({
  method: 'PATCH',
  path: '/partner-companies/:uid/portal-users/:userUid',
  permission: 'company.manage',
  tags,
  summary: 'Deactivate (its sessions end) or reactivate a portal account of the company',
  params: portalUserParamsSchema,
  body: portalUserActiveSchema,
  response: portalUserSchema,
  message: 'partnerCompanies.portalUserUpdated',
});
