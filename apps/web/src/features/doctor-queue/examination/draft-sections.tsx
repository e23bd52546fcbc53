import type { VitalName } from '@klinikita/domain/consultations/consultation.rules';
import { SimpleGrid, Stack, Textarea } from '@mantine/core';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { CodePicker } from '../../../shared/consultations/code-picker.tsx';
import type { MedicalCode } from '../../../shared/consultations/codes-api.ts';
import type {
  EncounterContent,
  EncounterOrderDraft,
  PrescriptionItem,
  ReferralDraft,
} from '../../../shared/consultations/encounters-api.ts';
import { OrdersSection } from './orders-section.tsx';
import { PrescriptionSection } from './prescription-section.tsx';
import { ReferralSection } from './referral-section.tsx';
import { SectionCard } from './section-card.tsx';
import { sectionId } from './section-keys.tsx';
import { VitalsSection } from './vitals-section.tsx';

export const SOAP_FIELDS = ['subjective', 'objective', 'assessment', 'plan'] as const;
export type SoapField = (typeof SOAP_FIELDS)[number];

/** What each section changes; stable, so a keystroke in one does not re-render the others. */
export interface SectionHandlers {
  vital: (name: VitalName, text: string) => void;
  soap: (field: SoapField, value: string) => void;
  pickDiagnosis: (code: MedicalCode) => void;
  primaryDiagnosis: (code: string) => void;
  removeDiagnosis: (code: string) => void;
  pickProcedure: (code: MedicalCode) => void;
  removeProcedure: (code: string) => void;
  prescription: (prescription: PrescriptionItem[]) => void;
  orders: (orders: EncounterOrderDraft[]) => void;
  referral: (referral: ReferralDraft | null) => void;
}

/** The first field of a section, focused when the doctor jumps to it. */
export interface SectionRefs {
  diagnoses: RefObject<HTMLInputElement | null>;
  procedures: RefObject<HTMLInputElement | null>;
  prescription: RefObject<HTMLInputElement | null>;
  orders: RefObject<HTMLInputElement | null>;
}

/** The note's sections in order: vitals, SOAP, diagnoses, procedures, prescription, orders, referral. */
export function DraftSections({
  clinicId,
  draft,
  texts,
  errors,
  diagnosesError,
  showErrors,
  on,
  refs,
}: {
  clinicId: number;
  draft: EncounterContent;
  texts: Record<VitalName, string>;
  /** The schema's messages by field, once the doctor tried to finish. */
  errors: Record<string, string>;
  diagnosesError: string | null;
  showErrors: boolean;
  on: SectionHandlers;
  refs: SectionRefs;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <SectionCard sectionId={sectionId('vitals')} title={t('examination.sections.vitals')} shortcut={1}>
        <VitalsSection texts={texts} onChange={on.vital} />
      </SectionCard>
      <SectionCard sectionId={sectionId('soap')} title={t('examination.sections.soap')} shortcut={2}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6}>
          {SOAP_FIELDS.map((field) => (
            <Textarea
              key={field}
              size="sm"
              label={t(`consultations.soap.${field}`)}
              autosize
              minRows={2}
              maxRows={14}
              maxLength={5000}
              value={draft[field] ?? ''}
              error={errors[field] ? t(errors[field]) : undefined}
              onChange={(e) => on.soap(field, e.currentTarget.value)}
            />
          ))}
        </SimpleGrid>
      </SectionCard>
      <SectionCard
        sectionId={sectionId('diagnoses')}
        title={t('examination.sections.diagnoses')}
        shortcut={3}
      >
        <CodePicker
          system="icd10"
          clinicId={clinicId}
          picked={draft.diagnoses}
          withPrimary
          inputRef={refs.diagnoses}
          error={diagnosesError ?? (errors.diagnoses ? t(errors.diagnoses) : null)}
          onPick={on.pickDiagnosis}
          onPrimary={on.primaryDiagnosis}
          onRemove={on.removeDiagnosis}
        />
      </SectionCard>
      <SectionCard
        sectionId={sectionId('procedures')}
        title={t('examination.sections.procedures')}
        shortcut={4}
      >
        <CodePicker
          system="icd9cm"
          clinicId={clinicId}
          picked={draft.procedures}
          withPrimary={false}
          inputRef={refs.procedures}
          onPick={on.pickProcedure}
          onRemove={on.removeProcedure}
        />
      </SectionCard>
      <SectionCard
        sectionId={sectionId('prescription')}
        title={t('examination.sections.prescription')}
        shortcut={5}
      >
        <PrescriptionSection
          items={draft.prescription}
          searchRef={refs.prescription}
          onChange={on.prescription}
        />
      </SectionCard>
      <SectionCard sectionId={sectionId('orders')} title={t('examination.sections.orders')} shortcut={6}>
        <OrdersSection orders={draft.orders} firstRef={refs.orders} onChange={on.orders} />
      </SectionCard>
      <SectionCard sectionId={sectionId('referral')} title={t('examination.sections.referral')}>
        <ReferralSection referral={draft.referral} showErrors={showErrors} onChange={on.referral} />
      </SectionCard>
    </Stack>
  );
}
