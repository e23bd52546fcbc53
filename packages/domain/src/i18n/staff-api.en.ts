import type { staffApiId } from './staff-api.id.ts';

export const staffApiEn: typeof staffApiId = {
  ok: 'OK',
};
