import { conflictErrors, endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import {
  dispenseSchema,
  moveSchema,
  prescriptionParamsSchema,
  prescriptionSchema,
  queueQuerySchema,
  queueRowSchema,
  reviewSchema,
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
