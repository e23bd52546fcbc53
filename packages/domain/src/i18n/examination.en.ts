import type { examinationId } from './examination.id.ts';

export const examinationEn: typeof examinationId = {
  title: 'examination',
};
