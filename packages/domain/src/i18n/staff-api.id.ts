/** Server messages of the staff, profile and schedule module (Bahasa Indonesia). */
export const staffApiId = {
  ok: 'OK',
};
