import { conflictErrors, endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import { drugListQuerySchema, drugSaveSchema, drugSchema } from './drug.schema.ts';

const tags = ['drugs'] as const;
const uidParams = z.object({
  uid: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
});

/** The corporate's drug master (`/Setting/Pharmacy/drug`), read where drugs are prescribed. */
export const listDrugs = endpoint({
  method: 'GET',
  path: '/settings/pharmacy/drugs',
  permission: 'drug.read',
  tags,
  summary: 'The corporate’s drugs, searched by name, generic name or KFA code, paged',
  query: drugListQuerySchema,
  response: pagedSchema(drugSchema),
});

export const createDrug = endpoint({
  method: 'POST',
  path: '/settings/pharmacy/drugs',
  permission: 'drug.write',
  tags,
  summary: 'Add a drug to the master (409 when the same name, strength and form exist)',
  body: drugSaveSchema,
  response: drugSchema,
  errors: conflictErrors,
  message: 'drugs.saved',
});

export const updateDrug = endpoint({
  method: 'PUT',
  path: '/settings/pharmacy/drugs/:uid',
  permission: 'drug.write',
  tags,
  summary: 'Change a drug (also activates or deactivates it)',
  params: uidParams,
  body: drugSaveSchema,
  response: drugSchema,
  errors: conflictErrors,
  message: 'drugs.saved',
});
