import type { emrId } from './emr.id.ts';

export const emrEn: typeof emrId = {
  title: 'emr',
};
