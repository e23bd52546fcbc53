import { NATIONALITIES } from '@klinikita/domain/patients/patient.schema';
import {
  Divider,
  Group,
  Radio,
  Select,
  SimpleGrid,
  type SimpleGridProps,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { ageOf, digitsOnly, dobMask, personFromNik } from '../patients/patient-inputs.ts';

export type PersonSex = 'M' | 'F' | 'N';

/** A person as the forms of patients and staff type them. */
export interface PersonValues {
  nik: string;
  name: string;
  sex: PersonSex | null;
  dob: string;
  phone: string;
  address: string;
}

type Field = keyof PersonValues;

export interface PersonLabels {
  nik: string;
  nikHint?: string;
  name?: string;
  sex: string;
  sexM: string;
  sexF: string;
  /** Offered only where the sex may stay unknown (staff). */
  sexN?: string;
  dob: string;
  dobPlaceholder: string;
  /** The age the typed birth date gives, shown beside it. */
  age?: (age: { years: number; months: number }) => string;
  phone: string;
  address?: string;
  addressHint?: string;
}

export interface PersonFieldsProps {
  values: PersonValues;
  /** Several fields at once: a valid NIK also fills sex and birth date. */
  onChange: (patch: Partial<PersonValues>) => void;
  errors: Partial<Record<Field, ReactNode>>;
  labels: PersonLabels;
  /** Where each field's text stops. */
  limits: { nik: number; name?: number; phone: number; address?: number };
  /** The fields left out (e.g. the name, which the staff forms ask first). */
  omit?: readonly ('name' | 'address')[];
  required?: readonly Field[];
  /** The NIK takes digits only (patients); a staff ID number is typed as it is. */
  nikDigitsOnly?: boolean;
  /** Which field the dialog focuses first. */
  autoFocus?: 'nik';
  /** Shown in place of the NIK (e.g. the passport of a foreigner). */
  identity?: ReactNode;
  /** Before the NIK, in its row (clinic, nationality). */
  before?: ReactNode;
  /** Between the NIK row and the rest (e.g. the patient already holding the NIK). */
  between?: ReactNode;
  /** After the birth date (title, blood group). */
  after?: ReactNode;
  /** With the phone: a divider of its own above them, and what goes beside the phone (email). */
  contact?: { label: string; fields: ReactNode };
  /** Below the address (the region). */
  below?: ReactNode;
  /** Shows the age as a small label inside the birth date box rather than under it. */
  ageInside?: boolean;
  phoneInputMode?: 'tel' | 'numeric';
  cols: SimpleGridProps['cols'];
}

/**
 * NIK, name, sex, birth date, phone and address, the same way on every form that records a
 * person. A valid NIK fills sex and birth date (spec 9); the clerk can still change them.
 */
export function PersonFields(props: PersonFieldsProps) {
  const { values, onChange, errors, labels, limits, omit = [], required = [], cols } = props;
  const grid = (children: ReactNode) => (
    <SimpleGrid cols={cols} spacing="sm" verticalSpacing="xs">
      {children}
    </SimpleGrid>
  );
  const age = labels.age ? ageOf(values.dob) : null;
  const ageText = age && labels.age ? labels.age(age) : null;

  const nik = props.identity ?? (
    <TextInput
      label={labels.nik}
      description={labels.nikHint}
      required={required.includes('nik')}
      inputMode={props.nikDigitsOnly ? 'numeric' : undefined}
      autoComplete="off"
      maxLength={limits.nik}
      data-autofocus={props.autoFocus === 'nik' || undefined}
      value={values.nik}
      error={errors.nik}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        const value = props.nikDigitsOnly ? digitsOnly(typed) : typed;
        onChange({ nik: value, ...personFromNik(value) });
      }}
    />
  );
  const phone = (
    <TextInput
      label={labels.phone}
      required={required.includes('phone')}
      inputMode={props.phoneInputMode ?? 'tel'}
      maxLength={limits.phone}
      value={values.phone}
      error={errors.phone}
      onChange={(e) => onChange({ phone: digitsOnly(e.currentTarget.value) })}
    />
  );
  const person = (
    <>
      {!omit.includes('name') && (
        <TextInput
          label={labels.name}
          required={required.includes('name')}
          autoComplete="off"
          maxLength={limits.name}
          value={values.name}
          error={errors.name}
          onChange={(e) => onChange({ name: e.currentTarget.value })}
        />
      )}
      {labels.sexN ? (
        <Select
          label={labels.sex}
          required={required.includes('sex')}
          data={[
            { value: 'M', label: labels.sexM },
            { value: 'F', label: labels.sexF },
            { value: 'N', label: labels.sexN },
          ]}
          value={values.sex}
          allowDeselect={false}
          error={errors.sex}
          onChange={(v) => onChange({ sex: v === 'M' || v === 'F' ? v : 'N' })}
        />
      ) : (
        <Radio.Group
          label={labels.sex}
          required={required.includes('sex')}
          value={values.sex}
          onChange={(v) => onChange({ sex: v as PersonSex })}
          error={errors.sex}
        >
          <Group gap="md" mt={8}>
            <Radio value="M" label={labels.sexM} />
            <Radio value="F" label={labels.sexF} />
          </Group>
        </Radio.Group>
      )}
      <TextInput
        label={labels.dob}
        required={required.includes('dob')}
        placeholder={labels.dobPlaceholder}
        inputMode="numeric"
        maxLength={10}
        description={props.ageInside ? undefined : ageText}
        rightSectionWidth={props.ageInside ? 110 : undefined}
        rightSection={
          props.ageInside && ageText ? (
            <Text size="xs" c="dimmed" data-testid="age-now">
              {ageText}
            </Text>
          ) : null
        }
        value={values.dob}
        error={errors.dob}
        onChange={(e) => onChange({ dob: dobMask(e.currentTarget.value) })}
      />
      {props.after}
    </>
  );

  return (
    <>
      {props.before
        ? grid(
            <>
              {props.before}
              {nik}
            </>,
          )
        : null}
      {props.between}
      {grid(
        <>
          {!props.before && nik}
          {person}
          {!props.contact && phone}
        </>,
      )}
      {props.contact && (
        <>
          <Divider label={props.contact.label} labelPosition="left" mt="xs" />
          {grid(
            <>
              {phone}
              {props.contact.fields}
            </>,
          )}
        </>
      )}
      {!omit.includes('address') && (
        <Textarea
          label={labels.address}
          description={labels.addressHint}
          resize="vertical"
          rows={2}
          maxLength={limits.address}
          value={values.address}
          error={errors.address}
          onChange={(e) => onChange({ address: e.currentTarget.value })}
        />
      )}
      {props.below}
    </>
  );
}

type Nationality = (typeof NATIONALITIES)[number];

/** Citizen (WNI, who has a NIK) or foreigner (WNA, who has a passport). */
export function NationalityChoice({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Nationality;
  onChange: (value: Nationality) => void;
}) {
  return (
    <Radio.Group label={label} value={value} onChange={(v) => onChange(v as Nationality)}>
      <Group gap="md" mt={8}>
        {NATIONALITIES.map((n) => (
          <Radio key={n} value={n} label={n} />
        ))}
      </Group>
    </Radio.Group>
  );
}
