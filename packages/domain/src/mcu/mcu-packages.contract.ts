import { endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import {
  mcuPackageParamsSchema,
  mcuPackageQuerySchema,
  mcuPackageSaveSchema,
  mcuPackageSchema,
} from './mcu-packages.schema.ts';

const tags = ['mcu'] as const;

export const listMcuPackages = endpoint({
  method: 'GET',
  path: '/mcu/packages',
  permission: 'mcu.read',
  tags,
  summary:
    'The corporate’s MCU packages (services of group mcu): exam type, stations, items and, with companyUid, the company’s contract price',
  query: mcuPackageQuerySchema,
  response: z.array(mcuPackageSchema),
});

export const saveMcuPackage = endpoint({
  method: 'PUT',
  path: '/mcu/packages/:serviceUid',
  permission: 'service.manage',
  tags,
  summary: 'Sets an MCU package’s exam type and stations (lab added when the package has lab items)',
  params: mcuPackageParamsSchema,
  body: mcuPackageSaveSchema,
  response: mcuPackageSchema,
  message: 'mcuSetup.packageSaved',
});
