import { conflictErrors, endpoint, errorAnswer } from '../common/contract.ts';
import {
  connectionTestAnswerSchema,
  locationRegisterSchema,
  satusehatClinicQuerySchema,
  satusehatLocationsSchema,
  satusehatSettingsAnswerSchema,
  satusehatSettingsSaveSchema,
} from './satusehat-settings.schema.ts';

/**
 * A clinic's SATUSEHAT settings and onboarding (`/Setting/satuSehat`, issue 19 §1): every call is
 * about one clinic of the caller's scope and needs `satusehat.manage`.
 */
const tags = ['satusehat'] as const;

export const getSatusehatSettings = endpoint({
  method: 'GET',
  path: '/satu-sehat/settings',
  permission: 'satusehat.manage',
  tags,
  summary:
    'A clinic’s SATUSEHAT settings: environment, client id, organization id; of the secret only whether one is stored',
  query: satusehatClinicQuerySchema,
  response: satusehatSettingsAnswerSchema,
});

export const saveSatusehatSettings = endpoint({
  method: 'PUT',
  path: '/satu-sehat/settings',
  permission: 'satusehat.manage',
  tags,
  summary:
    'Change a clinic’s SATUSEHAT settings; an empty client secret keeps the stored one (sealed at rest)',
  body: satusehatSettingsSaveSchema,
  response: satusehatSettingsAnswerSchema,
  message: 'satusehatSettings.saved',
});

export const testSatusehatConnection = endpoint({
  method: 'POST',
  path: '/satu-sehat/settings/test',
  permission: 'satusehat.manage',
  tags,
  summary:
    'Tes koneksi: gets a token with the clinic’s saved credentials and reads its Organization; the answer says plainly what failed',
  body: satusehatClinicQuerySchema,
  response: connectionTestAnswerSchema,
  message: 'satusehatSettings.connectionOk',
});

export const getSatusehatLocations = endpoint({
  method: 'GET',
  path: '/satu-sehat/locations',
  permission: 'satusehat.manage',
  tags,
  summary: 'The clinic’s rooms and poli and their Location ids at SATUSEHAT',
  query: satusehatClinicQuerySchema,
  response: satusehatLocationsSchema,
});

export const registerSatusehatLocations = endpoint({
  method: 'POST',
  path: '/satu-sehat/locations/register',
  permission: 'satusehat.manage',
  tags,
  summary:
    'Register the clinic’s rooms and poli not registered yet (or the one named) as Locations under its Organization; a duplicate keeps the platform’s id',
  body: locationRegisterSchema,
  response: satusehatLocationsSchema,
  errors: { ...conflictErrors, 502: errorAnswer, 503: errorAnswer },
  message: 'satusehatSettings.locationsRegistered',
});
