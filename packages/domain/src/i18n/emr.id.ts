/** Web texts of the medical record (/EMR, /EMR/Detail, /Doctor/patient) and the audit log (Bahasa Indonesia). */
export const emrId = {
  title: 'emr',
};
