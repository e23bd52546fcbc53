import type { satusehatId } from './satusehat.id.ts';

export const satusehatEn: typeof satusehatId = {
  ok: 'OK',
};
