/** Messages of the SATUSEHAT integration (Bahasa Indonesia). */
export const satusehatId = {
  ok: 'OK',
};
