import type { codesId } from './codes.id.ts';

export const codesEn: typeof codesId = {
  title: 'codes',
};
