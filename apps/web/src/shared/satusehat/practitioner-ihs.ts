import { practitionerIhsByNik } from '@klinikita/domain/satusehat/satusehat.contract';
import { fetchData } from '../api/contract-client.ts';

/**
 * `GET /satu-sehat/practitioner-ihs-by-nik/{nik}` (spec 7): the practitioner's SATUSEHAT id, for
 * the own profile and the staff master screens.
 */
export async function getPractitionerIhs(nik: string): Promise<string> {
  return (await fetchData(practitionerIhsByNik, { params: { nik } }))?.ihsNumber ?? '';
}
