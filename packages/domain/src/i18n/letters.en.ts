import type { lettersId } from './letters.id.ts';

export const lettersEn: typeof lettersId = {
  title: 'letters',
};
