import { api } from '../../../shared/api-client.ts';

/** `GET /satu-sehat/practitioner-ihs-by-nik/{nik}` (spec 7): the practitioner's SATUSEHAT id. */
export async function getPractitionerIhs(nik: string): Promise<string> {
  const { data } = await api<{ ihsNumber: string }>(
    `satu-sehat/practitioner-ihs-by-nik/${encodeURIComponent(nik)}`,
  );
  return data?.ihsNumber ?? '';
}
