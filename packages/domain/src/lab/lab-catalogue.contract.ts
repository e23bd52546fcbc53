import { conflictErrors, endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import {
  labPanelItemsSchema,
  labParameterSaveSchema,
  labRangesSaveSchema,
  labTestDetailSchema,
  labTestListItemSchema,
  labTestListQuerySchema,
  uidParams,
} from './lab-catalogue.schema.ts';

/**
 * The lab catalogue (`/panel`): the corporate's lab tests and panels (services of group lab, kept
 * in the service master), their parameters, reference ranges and a panel's tests. Every change
 * answers the test as it now is.
 */
const tags = ['labCatalogue'] as const;

export const listLabTests = endpoint({
  method: 'GET',
  path: '/lab-catalogue/tests',
  permission: 'service.read',
  tags,
  summary: 'The corporate’s lab tests and panels, searched by code or name, paged',
  query: labTestListQuerySchema,
  response: pagedSchema(labTestListItemSchema),
});

export const getLabTest = endpoint({
  method: 'GET',
  path: '/lab-catalogue/tests/:uid',
  permission: 'service.read',
  tags,
  summary: 'One lab test with its parameters and reference ranges, or one panel with its tests',
  params: uidParams,
  response: labTestDetailSchema,
});

export const addLabParameter = endpoint({
  method: 'POST',
  path: '/lab-catalogue/tests/:uid/parameters',
  permission: 'labCatalogue.manage',
  tags,
  summary: 'Add a parameter to a lab test (409 when the test already has the code)',
  params: uidParams,
  body: labParameterSaveSchema,
  response: labTestDetailSchema,
  errors: conflictErrors,
  message: 'labCatalogue.parameterSaved',
});

export const updateLabParameter = endpoint({
  method: 'PUT',
  path: '/lab-catalogue/parameters/:uid',
  permission: 'labCatalogue.manage',
  tags,
  summary: 'Change a parameter (409 when its code is taken or a formula still reads the old one)',
  params: uidParams,
  body: labParameterSaveSchema,
  response: labTestDetailSchema,
  errors: conflictErrors,
  message: 'labCatalogue.parameterSaved',
});

export const deactivateLabParameter = endpoint({
  method: 'POST',
  path: '/lab-catalogue/parameters/:uid/deactivate',
  permission: 'labCatalogue.manage',
  tags,
  summary: 'Take a parameter out of use; never deleted (409 while a calculated parameter reads it)',
  params: uidParams,
  response: labTestDetailSchema,
  errors: conflictErrors,
  message: 'labCatalogue.parameterDeactivated',
});

export const reactivateLabParameter = endpoint({
  method: 'POST',
  path: '/lab-catalogue/parameters/:uid/reactivate',
  permission: 'labCatalogue.manage',
  tags,
  summary: 'Put a parameter back in use',
  params: uidParams,
  response: labTestDetailSchema,
  errors: conflictErrors,
  message: 'labCatalogue.parameterReactivated',
});

export const replaceLabRanges = endpoint({
  method: 'PUT',
  path: '/lab-catalogue/parameters/:uid/ranges',
  permission: 'labCatalogue.manage',
  tags,
  summary:
    'Replace a parameter’s reference ranges (refused when limits are out of order or age bands overlap)',
  params: uidParams,
  body: labRangesSaveSchema,
  response: labTestDetailSchema,
  message: 'labCatalogue.rangesSaved',
});

export const setLabPanelItems = endpoint({
  method: 'PUT',
  path: '/lab-catalogue/tests/:uid/items',
  permission: 'labCatalogue.manage',
  tags,
  summary: 'Set a panel’s tests: active lab tests of the corporate, never the panel itself',
  params: uidParams,
  body: labPanelItemsSchema,
  response: labTestDetailSchema,
  message: 'labCatalogue.itemsSaved',
});
