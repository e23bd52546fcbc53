/** Letters: health certificate, sick leave, referral — web texts, server messages and PDF words (Bahasa Indonesia). */
export const lettersId = {
  title: 'letters',
};
