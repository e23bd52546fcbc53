/** Facts of the platform shared by the client and the simulator (satusehat.md). */
export const AUTH_PATH = '/oauth2/v1';
export const FHIR_PATH = '/fhir-r4/v1';
export const NIK_SYSTEM = 'https://fhir.kemkes.go.id/id/nik';
/** A newborn without a NIK of its own is known by its mother's (satusehat.md). */
export const NIK_IBU_SYSTEM = 'https://fhir.kemkes.go.id/id/nik-ibu';
