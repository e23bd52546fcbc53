import { conflictErrors, endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import {
  dispenseSchema,
  labelsQuerySchema,
  moveSchema,
  pharmacySettingsQuerySchema,
  pharmacySettingsSchema,
  prescriptionParamsSchema,
  prescriptionSchema,
  queueQuerySchema,
  queueRowSchema,
  reviewSchema,
  substituteSchema,
} from './pharmacy.schema.ts';

/**
 * The pharmacy queue (`/pharmacyQueue`): a clinic day's prescriptions, one with its lines, the
 * patient's allergies and the stock at the pharmacy, the moves, the review and the handover. A
 * prescription is reached only within the caller's clinics (another clinic's is 404).
 */
const tags = ['pharmacy'] as const;

export const listPharmacyQueue = endpoint({
  method: 'GET',
  path: '/pharmacy/prescriptions',
  permission: 'queue.read',
  tags,
  summary: 'A clinic day’s prescriptions: cito first, then the oldest; filtered and searched',
  query: queueQuerySchema,
  response: pagedSchema(queueRowSchema),
});

export const getPharmacyPrescription = endpoint({
  method: 'GET',
  path: '/pharmacy/prescriptions/:uid',
  permission: 'queue.read',
  tags,
  summary: 'One prescription: its lines, the patient’s allergies, stock at the pharmacy, its moves',
  params: prescriptionParamsSchema,
  response: prescriptionSchema,
});

export const movePrescription = endpoint({
  method: 'POST',
  path: '/pharmacy/prescriptions/:uid/moves',
  permission: 'prescription.dispense',
  tags,
  summary: 'Review, hold, resume, reject, prepare, ready, cancel, cancel the rest or return',
  params: prescriptionParamsSchema,
  body: moveSchema,
  response: prescriptionSchema,
  errors: conflictErrors,
  message: 'pharmacy.moved',
});

export const dispensePrescription = endpoint({
  method: 'POST',
  path: '/pharmacy/prescriptions/:uid/dispense',
  permission: 'prescription.dispense',
  tags,
  summary: 'Hand the drugs over: stock leaves first-expiry-first-out (409 when short)',
  params: prescriptionParamsSchema,
  body: dispenseSchema,
  response: prescriptionSchema,
  errors: conflictErrors,
  message: 'pharmacy.dispensed',
});

export const reviewPrescription = endpoint({
  method: 'PUT',
  path: '/pharmacy/prescriptions/:uid/review',
  permission: 'prescription.dispense',
  tags,
  summary: 'Save the review (telaah): each check ok or not, with a note',
  params: prescriptionParamsSchema,
  body: reviewSchema,
  response: prescriptionSchema,
  errors: conflictErrors,
  message: 'pharmacy.reviewed',
});

export const substitutePrescriptionLine = endpoint({
  method: 'POST',
  path: '/pharmacy/prescriptions/:uid/substitutions',
  permission: 'prescription.dispense',
  tags,
  summary: 'Give another drug for a line, with the reason (shown to the doctor); replaces an earlier one',
  params: prescriptionParamsSchema,
  body: substituteSchema,
  response: prescriptionSchema,
  errors: conflictErrors,
  message: 'pharmacy.substituted',
});

/** The labels (etiket) as printed (application/pdf): a raw answer the browser opens by URL. */
export const prescriptionLabels = endpoint({
  method: 'GET',
  path: '/pharmacy/prescriptions/:uid/labels',
  permission: 'prescription.dispense',
  tags,
  summary: 'One label per line: 80 × 50 mm on the 80 mm roll or 70 × 40 mm label paper; audited',
  params: prescriptionParamsSchema,
  query: labelsQuerySchema,
  response: z.undefined(),
  raw: true,
});

export const getPharmacySettings = endpoint({
  method: 'GET',
  path: '/pharmacy/settings',
  permission: 'queue.read',
  tags,
  summary: 'The clinic’s racikan fees (compounding per line, packaging per packet); the defaults when unset',
  query: pharmacySettingsQuerySchema,
  response: pharmacySettingsSchema,
});

export const savePharmacySettings = endpoint({
  method: 'PUT',
  path: '/pharmacy/settings',
  permission: 'service.manage',
  tags,
  summary: 'Set the clinic’s racikan fees (whole rupiah); the next handovers charge them',
  body: pharmacySettingsSchema,
  response: pharmacySettingsSchema,
  message: 'pharmacy.settingsSaved',
});
