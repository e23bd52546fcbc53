/** Texts of the profile, schedule, doctor and employee screens (Bahasa Indonesia). */
export const staffWebId = {
  ok: 'OK',
};
