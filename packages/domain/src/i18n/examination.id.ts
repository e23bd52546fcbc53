/** Web texts of the examination screen /Doctor/doctor (Bahasa Indonesia). */
export const examinationId = {
  title: 'examination',
};
