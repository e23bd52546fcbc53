import type { codesId } from './codes.id.ts';

export const codesEn: typeof codesId = {
  systems: {
    icd10: 'ICD-10 (diagnosis)',
    icd9cm: 'ICD-9-CM (procedure)',
  },
  searchPlaceholder: 'Type a code or words, e.g. J06.9 or upper respiratory',
  favourite: 'Clinic favourite',
  addFavourite: 'Mark as clinic favourite',
  removeFavourite: 'Remove from clinic favourites',
  corrected: 'Title corrected by the clinic',
  correctTitle: 'Correct title',
  titleId: 'Title (Indonesian)',
  titleEn: 'Title (English)',
  nothingFound: 'No code found',
  saved: 'Code saved',
  notFound: 'Code {{code}} not found',
  correctForbidden: 'Only doctors and administrators may correct code titles',
};
