import { conflictErrors, endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import {
  categoriesAnswerSchema,
  categoriesSaveSchema,
  companyCategoryParamsSchema,
  conclusionSaveSchema,
  examAnswerSchema,
  exposuresAnswerSchema,
  exposuresSaveSchema,
  participantParamsSchema,
  stationParamsSchema,
  stationSaveSchema,
  worklistQuerySchema,
  worklistRowSchema,
} from './mcu-exam.schema.ts';

/**
 * The MCU examination (issue 20 §3–5; `/Lab/home-page-mcu`): the worklist of checked-in
 * participants, a participant's stations, exposures and the doctor's conclusion. A participant of
 * another corporate is not found (404), one of a clinic outside the caller's scope refused (403).
 * Writes answer the whole examination, as `getExam` does.
 */
const tags = ['mcuExam'] as const;

export const getWorklist = endpoint({
  method: 'GET',
  path: '/mcu/worklist',
  permission: 'mcu.read',
  tags,
  summary:
    'Checked-in participants of a clinic day with each station done or not; by company, by a station not yet done, searched',
  query: worklistQuerySchema,
  response: pagedSchema(worklistRowSchema),
});

export const getExam = endpoint({
  method: 'GET',
  path: '/mcu/participants/:uid/exam',
  permission: 'mcu.read',
  tags,
  summary:
    'A participant’s examination: identity, package stations and their results, lab, exposures, findings, conclusion versions, categories',
  params: participantParamsSchema,
  response: examAnswerSchema,
});

export const saveStation = endpoint({
  method: 'PUT',
  path: '/mcu/participants/:uid/stations/:station',
  permission: 'mcu.examine',
  tags,
  summary:
    'Record a station’s values (checked against its fields); findings derived; 409 when not in the package or approved',
  params: stationParamsSchema,
  body: stationSaveSchema,
  response: examAnswerSchema,
  errors: conflictErrors,
  message: 'mcuExam.stationSaved',
});

export const saveExposures = endpoint({
  method: 'PUT',
  path: '/mcu/participants/:uid/exposures',
  permission: 'mcu.examine',
  tags,
  summary: 'The job’s hazard exposures and occupational history; answers the special tests they suggest',
  params: participantParamsSchema,
  body: exposuresSaveSchema,
  response: exposuresAnswerSchema,
  errors: conflictErrors,
  message: 'mcuExam.exposuresSaved',
});

export const saveConclusion = endpoint({
  method: 'PUT',
  path: '/mcu/participants/:uid/conclusion',
  permission: 'mcu.conclude',
  tags,
  summary:
    'The doctor’s conclusion (draft of the current version); after approval a new version, only with its reason',
  params: participantParamsSchema,
  body: conclusionSaveSchema,
  response: examAnswerSchema,
  errors: conflictErrors,
  message: 'mcuExam.conclusionSaved',
});

export const approveConclusion = endpoint({
  method: 'POST',
  path: '/mcu/participants/:uid/conclusion/approve',
  permission: 'mcu.approve',
  tags,
  summary: 'Approve the draft conclusion (every station recorded); the participant is approved',
  params: participantParamsSchema,
  response: examAnswerSchema,
  errors: conflictErrors,
  message: 'mcuExam.conclusionApproved',
});

export const getCompanyCategories = endpoint({
  method: 'GET',
  path: '/mcu/companies/:uid/categories',
  permission: 'mcu.read',
  tags,
  summary: 'A company’s conclusion categories (none of its own: the corporate’s MCU conclusion list)',
  params: companyCategoryParamsSchema,
  response: categoriesAnswerSchema,
});

export const saveCompanyCategories = endpoint({
  method: 'PUT',
  path: '/mcu/companies/:uid/categories',
  permission: 'mcu.manage',
  tags,
  summary: 'Set a company’s own conclusion categories (an empty list: back to the corporate’s)',
  params: companyCategoryParamsSchema,
  body: categoriesSaveSchema,
  response: categoriesAnswerSchema,
  errors: conflictErrors,
  message: 'mcuExam.categoriesSaved',
});
