import type { ClinicCode, MedicalCode } from '@klinikita/domain/codes/code.schema';
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

/** A clinic's marked code as listed for the clinic's administrators (official and clinic titles). */
export type ClinicCodeRow = {
  clinicId: number;
  clinicName: string;
  system: CodeSystem;
  code: string;
  officialTitleId: string;
  officialTitleEn: string;
  titleId: string | null;
  titleEn: string | null;
  favourite: boolean;
  updatedAt: Date | string;
};

export function toClinicCode(row: ClinicCodeRow): ClinicCode {
  return { ...row, updatedAt: new Date(row.updatedAt).toISOString() };
}
