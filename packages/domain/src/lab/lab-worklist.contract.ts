import { conflictErrors, endpoint } from '../common/contract.ts';
import {
  labImportPreviewSchema,
  labImportSchema,
  labWorklistQuerySchema,
  labWorklistSavedSchema,
  labWorklistSaveSchema,
  labWorklistSchema,
} from './lab-worklist.schema.ts';

/** The lab's worklist grid and the analyzer CSV import (`/Laboratory`). */
const tags = ['labWorklist'] as const;

export const getLabWorklist = endpoint({
  method: 'GET',
  path: '/lab/worklist',
  permission: 'lab.result.enter',
  tags,
  summary:
    'A clinic day’s collected or received samples with results not released: the tests to pick, and the picked test’s grid (paged)',
  query: labWorklistQuerySchema,
  response: labWorklistSchema,
});

export const saveLabWorklist = endpoint({
  method: 'POST',
  path: '/lab/worklist/results',
  permission: 'lab.result.enter',
  tags,
  summary:
    'Save the values of many visits in one transaction (all or nothing), each as the result entry saves it',
  body: labWorklistSaveSchema,
  response: labWorklistSavedSchema,
  errors: conflictErrors,
  message: 'labSpecimens.worklist.saved',
});

export const previewLabImport = endpoint({
  method: 'POST',
  path: '/lab/worklist/import/preview',
  permission: 'lab.result.enter',
  tags,
  summary: 'Read an analyzer CSV and list every row with its visit or its problem; nothing is written',
  body: labImportSchema,
  response: labImportPreviewSchema,
});

export const confirmLabImport = endpoint({
  method: 'POST',
  path: '/lab/worklist/import',
  permission: 'lab.result.enter',
  tags,
  summary:
    'Save an analyzer CSV: refused whole while a row has a problem, otherwise all rows in one transaction',
  body: labImportSchema,
  response: labWorklistSavedSchema,
  errors: conflictErrors,
  message: 'labSpecimens.import.imported',
});
