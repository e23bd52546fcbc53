import type { satusehatId } from './satusehat.id.ts';

export const satusehatEn: typeof satusehatId = {
  nikInvalid: 'NIK must be 16 digits',
  ihsFound: 'IHS number found',
  ihsConfirmed: 'IHS number {{ihs}} matches SATUSEHAT',
  ihsCorrected: 'IHS number corrected from SATUSEHAT: {{previous}} became {{ihs}}',
  ihsNotFound: "SATUSEHAT does not know the patient's NIK; check the NIK",
  ihsNoNik: "The patient has no NIK (or mother's NIK for a baby): the IHS number cannot be checked",
  practitionerNotFound: 'This NIK is not registered as a health worker in SATUSEHAT',
  unavailable: 'SATUSEHAT cannot be reached right now. Please try again in a moment.',
  credentialsRefused:
    "SATUSEHAT refused this clinic's credentials. Check the Client ID and Client Secret in the SATUSEHAT settings.",
  refused: 'SATUSEHAT refused the request: {{detail}}',
  badResponse: 'The answer from SATUSEHAT could not be read. Please try again.',
  notConfigured: 'SATUSEHAT is not set up for this clinic. Complete it in the SATUSEHAT settings.',
  secretUnreadable:
    "This clinic's SATUSEHAT client secret cannot be read on this server. Enter it again in the SATUSEHAT settings.",
  simulatorOff: 'The SATUSEHAT simulator is not running on this server.',
  noClinic: 'Your account is not linked to any clinic yet.',
  lookupForbidden:
    'You may fetch the IHS number only for your own saved NIK. Other NIKs are looked up by staff who register patients or keep staff and doctor records.',
};
