import type { patientsId } from './patients.id.ts';

/** Patient master: form checks and server messages (English). */
export const patientsEn: typeof patientsId = {
  nikFormat: 'NIK must be 16 digits',
  nikProvince: 'Unknown province code in the NIK (the first 2 digits must be 11–94)',
  nikDate: 'The birth date in the NIK is not valid (digits 7–12, women’s day plus 40)',
  nikSerial: 'The NIK serial (last 4 digits) cannot be 0000',
  passportRequired: 'Passport number is required for a foreigner without a NIK',
  passportFormat: 'Passport number may only contain letters and digits',
  nameRequired: 'Patient name is required',
  nameLength: 'Patient name must be 3 to 100 characters',
  sexRequired: 'Choose the sex',
  phoneFormat: 'Phone number must be 8 to 15 digits',
  emailInvalid: 'Email is not valid',
  regionCode: 'Invalid region code',
  insuranceRequired: 'Insurer name is required for an insurance payer',
  bpjsNumber: 'BPJS card number must be 13 digits',
  created: 'Patient added with record number {{mrn}}',
  saved: 'Patient saved',
  deleted: 'Patient deleted',
  notFound: 'Patient not found',
  nikTaken: 'NIK {{nik}} is already registered to {{name}} with record number {{mrn}}',
  likelyDuplicate:
    'A patient with the same name and date of birth already exists ({{count}} records). Check the list; save again with confirmation if this is a different patient.',
};
