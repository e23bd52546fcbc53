import type { staffWebId } from './staff-web.id.ts';

export const staffWebEn: typeof staffWebId = {
  ok: 'OK',
};
