import type { MedicalCode } from '@klinikita/domain/codes/code.schema';
import type { CodeSystem } from '@klinikita/domain/consultations/consultation.rules';

/** A shipped code with the clinic's own titles and favourite mark beside it (null: none). */
export type CodeRow = {
  system: CodeSystem;
  code: string;
  titleId: string;
  titleEn: string;
  clinicTitleId: string | null;
  clinicTitleEn: string | null;
  favourite: boolean | null;
};

/** The clinic's title where it corrected one, else the shipped one. */
export function toMedicalCode(row: CodeRow): MedicalCode {
  return {
    system: row.system,
    code: row.code,
    titleId: row.clinicTitleId ?? row.titleId,
    titleEn: row.clinicTitleEn ?? row.titleEn,
    favourite: row.favourite === true,
    corrected: row.clinicTitleId !== null || row.clinicTitleEn !== null,
  };
}
