/** Drug master (/Setting/Pharmacy/drug): web texts and server messages (Bahasa Indonesia). */
export const drugsId = {
  title: 'drugs',
};
