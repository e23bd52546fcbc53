import { VITAL_NAMES, type VitalName } from '@klinikita/domain/consultations/consultation.rules';
import {
  type Encounter,
  type EncounterContent,
  type EncounterDiagnosis,
  type EncounterProcedure,
  encounterSaveSchema,
  type PrescriptionItem,
  vitalsSchema,
} from '@klinikita/domain/consultations/encounter.schema';
import type { TemplateContent } from '@klinikita/domain/consultations/template.schema';
import { toFieldErrors } from '../../../shared/form-errors.ts';

/** The part of an encounter the screen edits (and saves whole). */
export function contentOf(e: Encounter): EncounterContent {
  return {
    systolic: e.systolic,
    diastolic: e.diastolic,
    pulse: e.pulse,
    respiratoryRate: e.respiratoryRate,
    temperature: e.temperature,
    spo2: e.spo2,
    weight: e.weight,
    height: e.height,
    // the server prefills the complaint; an older note without it still starts from the complaint
    subjective: e.subjective ?? e.registration.complaint ?? null,
    objective: e.objective,
    assessment: e.assessment,
    plan: e.plan,
    diagnoses: e.diagnoses,
    procedures: e.procedures,
    prescription: e.prescription,
    orders: e.orders,
    referral: e.referral,
  };
}

/** Field → message key of everything in the draft the server would refuse (empty: savable). */
export function draftErrors(content: EncounterContent, version = 1): Record<string, string> {
  const parsed = encounterSaveSchema.safeParse({ ...content, version });
  return parsed.success ? {} : toFieldErrors(parsed.error.issues);
}

/**
 * A vital as typed: empty is null; a comma reads as the decimal point (Indonesian keyboards);
 * anything else that is not a number is an error. `error` is a message key of the shared schema.
 */
export function readVital(name: VitalName, text: string): { value: number | null; error: string | null } {
  const t = text.trim().replace(',', '.');
  if (t === '') return { value: null, error: null };
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(t)) return { value: null, error: 'validation.invalid' };
  const value = Number(t);
  const parsed = vitalsSchema.shape[name].safeParse(value);
  return { value, error: parsed.success ? null : (parsed.error.issues[0]?.message ?? 'validation.invalid') };
}

/** How a stored vital is shown in its field (Indonesian decimal comma). */
export const vitalText = (value: number | null, locale: string) =>
  value == null ? '' : locale === 'en' ? String(value) : String(value).replace('.', ',');

export const vitalTexts = (content: EncounterContent, locale: string) =>
  Object.fromEntries(VITAL_NAMES.map((n) => [n, vitalText(content[n], locale)])) as Record<VitalName, string>;

/** The first code the doctor picks is the primary diagnosis; the others are secondary. */
export function addDiagnosis(list: readonly EncounterDiagnosis[], code: string, title: string) {
  if (list.some((d) => d.code === code)) return [...list];
  return [...list, { code, title, primary: !list.some((d) => d.primary) }];
}

export const setPrimary = (list: readonly EncounterDiagnosis[], code: string) =>
  list.map((d) => ({ ...d, primary: d.code === code }));

/** Removing the primary diagnosis promotes the next one, so a primary stays while any is left. */
export function removeDiagnosis(list: readonly EncounterDiagnosis[], code: string) {
  const rest = list.filter((d) => d.code !== code);
  if (rest.length && !rest.some((d) => d.primary)) return rest.map((d, i) => ({ ...d, primary: i === 0 }));
  return rest;
}

export function addProcedure(list: readonly EncounterProcedure[], code: string, title: string) {
  return list.some((p) => p.code === code) ? [...list] : [...list, { code, title }];
}

/** What a template keeps of a note: the clinical content, never this patient's vitals or orders. */
export const templateContentOf = (c: EncounterContent): TemplateContent => ({
  subjective: c.subjective,
  objective: c.objective,
  assessment: c.assessment,
  plan: c.plan,
  diagnoses: c.diagnoses,
  procedures: c.procedures,
  prescription: c.prescription,
});

const joinText = (current: string | null, added: string | null) => {
  const a = current?.trim() ?? '';
  const b = added?.trim() ?? '';
  if (!b || a.includes(b)) return current;
  return a ? `${a}\n${b}` : b;
};

const sameItem = (a: PrescriptionItem, b: PrescriptionItem) =>
  a.kind === b.kind && (a.drugId && b.drugId ? a.drugId === b.drugId : a.name === b.name);

/**
 * Fills the draft from a template or an earlier visit: the text is added under what is written,
 * codes and drugs not yet there are added (the primary diagnosis stays if there is one); the
 * vitals, orders and referral of this visit are left alone.
 */
export function applyContent(draft: EncounterContent, added: TemplateContent): EncounterContent {
  let diagnoses = [...draft.diagnoses];
  const hadPrimary = diagnoses.some((d) => d.primary);
  for (const d of added.diagnoses) {
    if (diagnoses.some((x) => x.code === d.code)) continue;
    diagnoses.push({ ...d, primary: false });
  }
  if (!hadPrimary && diagnoses.length) {
    const wanted = added.diagnoses.find((d) => d.primary)?.code ?? diagnoses[0].code;
    diagnoses = setPrimary(diagnoses, wanted);
  }
  const procedures = [...draft.procedures];
  for (const p of added.procedures) if (!procedures.some((x) => x.code === p.code)) procedures.push(p);
  const prescription = [...draft.prescription];
  for (const item of added.prescription)
    if (!prescription.some((x) => sameItem(x, item))) prescription.push(item);
  return {
    ...draft,
    subjective: joinText(draft.subjective, added.subjective),
    objective: joinText(draft.objective, added.objective),
    assessment: joinText(draft.assessment, added.assessment),
    plan: joinText(draft.plan, added.plan),
    diagnoses: diagnoses.slice(0, 20),
    procedures: procedures.slice(0, 20),
    prescription: prescription.slice(0, 30),
  };
}
