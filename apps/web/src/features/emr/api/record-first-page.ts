/**
 * Visits in the record's first answer: what fills the first screen, so that it is drawn as soon
 * as possible (each card is a lot to draw); the rest follow a page at a time as the doctor scrolls.
 * Apart from record-api.ts (no contracts, no query library) because the router starts this read
 * as the navigation to the record begins (app/routes/early-read-routes.ts).
 */
export const FIRST_RECORD_PAGE = 5;

/** The wire URL of the record's first page, as `useRecord` asks for it. */
export const firstRecordPageUrl = (apiBase: string, patientUid: string) =>
  `${apiBase}/consultations/patients/${encodeURIComponent(patientUid)}/record?limit=${FIRST_RECORD_PAGE}`;
