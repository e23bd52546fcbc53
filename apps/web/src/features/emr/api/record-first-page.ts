/**
 * Visits in the record's first answer: what fills the first screen, so that it is drawn as soon
 * as possible (each card is a lot to draw); the rest follow a page at a time as the doctor scrolls.
 * Apart from record-api.ts (no contracts, no query library) because the router starts this read
 * as the navigation to the record begins (app/routes/early-read-routes.ts).
 */
export const FIRST_RECORD_PAGE = 5;

/** The record's first page, as `useRecord` asks for it: the path under the clinic service and the query. */
export const firstRecordPage = (patientUid: string) => ({
  path: `consultations/patients/${encodeURIComponent(patientUid)}/record`,
  query: { limit: FIRST_RECORD_PAGE },
});
