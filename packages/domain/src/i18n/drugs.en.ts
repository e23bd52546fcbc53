import type { drugsId } from './drugs.id.ts';

export const drugsEn: typeof drugsId = {
  title: 'drugs',
};
