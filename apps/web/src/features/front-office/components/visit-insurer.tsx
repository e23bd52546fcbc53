import { ELIGIBILITY_STATUSES } from '@klinikita/domain/insurers/insurer.schema';
import { NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { digitsOnly } from '../../../shared/patients/patient-inputs.ts';
import type { Insurer } from '../api/active-insurers.ts';
import { Segments } from './segments.tsx';
import type { VisitValues } from './visit-form-values.ts';

type Setter = <K extends keyof VisitValues>(key: K, value: VisitValues[K]) => void;

/** The insurers a visit of this payer may be paid by: BPJS for BPJS, the others for insurance. */
export const insurersFor = (insurers: readonly Insurer[], payerType: VisitValues['payerType']) =>
  insurers.filter((i) => (payerType === 'bpjs') === (i.kind === 'bpjs'));

/**
 * The insurer suggested for the visit: the only BPJS of the corporate for a BPJS visit, else the
 * one whose name or code is the insurer on the patient's record; null when none fits.
 */
export function suggestedInsurer(
  options: readonly Insurer[],
  payerType: VisitValues['payerType'],
  recorded: string,
): string | null {
  if (payerType === 'bpjs') return options.length === 1 ? options[0].uid : null;
  const name = recorded.trim().toLowerCase();
  if (!name) return null;
  return options.find((i) => i.name.toLowerCase() === name || i.code?.toLowerCase() === name)?.uid ?? null;
}

/**
 * The payer part of an insurance or BPJS visit (issue 18 §6): the insurer picked from the master,
 * the member number (the patient's record fills it) and the eligibility the clerk checked — the
 * answer, the guarantee letter's number, the plafon covered when given, a note. A corporate with
 * no insurer of the kind keeps the old free-text name (and, for BPJS, the card number only).
 */
export function VisitInsurer({
  values,
  insurers,
  loading,
  set,
  prefill,
  errorOf,
}: {
  values: VisitValues;
  /** The corporate's active insurers (all kinds). */
  insurers: readonly Insurer[];
  loading: boolean;
  /** The clerk's change. */
  set: Setter;
  /** The suggestion's (not the clerk's: the patient's record may still fill the payer). */
  prefill: (insurerUid: string | null) => void;
  errorOf: (key: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const bpjs = values.payerType === 'bpjs';
  const options = insurersFor(insurers, values.payerType);
  const fromMaster = options.length > 0;
  const picked = values.insurerUid !== null && options.some((i) => i.uid === values.insurerUid);

  // the suggestion fills an empty pick, and a pick of the other kind gives way to it
  const suggestion = suggestedInsurer(options, values.payerType, values.insuranceName);
  const stale = values.insurerUid !== null && !picked && !loading;
  /** The clerk emptied the pick: it stays empty. */
  const cleared = useRef(false);
  useEffect(() => {
    const fill = values.insurerUid === null && suggestion !== null && !cleared.current;
    if (fill || stale) prefill(suggestion);
  }, [values.insurerUid, suggestion, stale, prefill]);

  const number = bpjs ? (
    <TextInput
      label={t('frontOffice.visit.bpjsNumber')}
      inputMode="numeric"
      maxLength={13}
      value={values.insuranceNumber}
      onChange={(e) => set('insuranceNumber', digitsOnly(e.currentTarget.value))}
      error={errorOf('insuranceNumber')}
    />
  ) : (
    <TextInput
      label={t('frontOffice.visit.insuranceNumber')}
      maxLength={40}
      value={values.insuranceNumber}
      onChange={(e) => set('insuranceNumber', e.currentTarget.value)}
      error={errorOf('insuranceNumber')}
    />
  );

  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        {fromMaster || loading ? (
          <Select
            label={t(bpjs ? 'frontOffice.visit.insurerBpjs' : 'frontOffice.visit.insurer')}
            placeholder={t('frontOffice.visit.insurerPlaceholder')}
            required={!bpjs}
            searchable
            clearable
            disabled={loading && !fromMaster}
            nothingFoundMessage={t('frontOffice.visit.insurersNone')}
            data={options.map((i) => ({ value: i.uid, label: i.code ? `${i.name} (${i.code})` : i.name }))}
            value={picked ? values.insurerUid : null}
            onChange={(v) => {
              cleared.current = v === null;
              set('insurerUid', v);
            }}
            error={errorOf('insurerUid') ?? (bpjs ? undefined : errorOf('insuranceName'))}
          />
        ) : (
          !bpjs && (
            <TextInput
              label={t('frontOffice.visit.insuranceName')}
              required
              maxLength={100}
              value={values.insuranceName}
              onChange={(e) => set('insuranceName', e.currentTarget.value)}
              error={errorOf('insuranceName')}
            />
          )
        )}
        {number}
      </SimpleGrid>
      {picked && (
        <Segments
          label={t('frontOffice.eligibility.checked')}
          options={[
            { value: 'no', label: t('frontOffice.eligibility.notYet') },
            { value: 'yes', label: t('frontOffice.eligibility.yes') },
          ]}
          value={values.eligibilityChecked ? 'yes' : 'no'}
          onChange={(v) => set('eligibilityChecked', v === 'yes')}
        />
      )}
      {picked && values.eligibilityChecked && (
        <>
          <Segments
            label={t('frontOffice.eligibility.result')}
            required
            options={ELIGIBILITY_STATUSES.map((s) => ({
              value: s,
              label: t(`frontOffice.eligibility.statuses.${s}`),
            }))}
            value={values.eligibilityStatus}
            onChange={(v) => set('eligibilityStatus', v)}
            error={errorOf('eligibility.status')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
            <TextInput
              label={t('frontOffice.eligibility.reference')}
              placeholder={t('frontOffice.eligibility.referencePlaceholder')}
              maxLength={100}
              value={values.eligibilityReference}
              onChange={(e) => set('eligibilityReference', e.currentTarget.value)}
              error={errorOf('eligibility.reference')}
            />
            <NumberInput
              label={t('frontOffice.eligibility.coveredAmount')}
              placeholder={t('frontOffice.eligibility.coveredAmountPlaceholder')}
              prefix="Rp "
              min={0}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator="."
              decimalSeparator=","
              value={values.eligibilityCoveredAmount}
              onChange={(v) => set('eligibilityCoveredAmount', v)}
              error={errorOf('eligibility.coveredAmount')}
            />
            <TextInput
              label={t('frontOffice.eligibility.note')}
              maxLength={300}
              value={values.eligibilityNote}
              onChange={(e) => set('eligibilityNote', e.currentTarget.value)}
              error={errorOf('eligibility.note')}
            />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
