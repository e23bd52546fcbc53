/** ICD-10 / ICD-9-CM code search and clinic corrections: web texts and server messages (Bahasa Indonesia). */
export const codesId = {
  title: 'codes',
};
