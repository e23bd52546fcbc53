/**
 * The names of the lab results' domain events, apart from their payload schemas: the web's live
 * stream names them without carrying the lab schemas into every screen.
 */
export const LAB_RESULT_EVENTS = {
  /** A validated report was released: the doctor and the record see it (again, for an amendment). */
  released: 'lab.result.released',
} as const;
