import { PROFILE_LIMITS } from '@klinikita/domain/employees/profile.schema';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { PersonFields, type PersonValues } from '../../../shared/ui/person-fields.tsx';
import { asSex, FIELD_MAX, type Sex } from './form-kit.ts';

/** The personal fields the staff and doctor forms share, under their own names. */
export interface PersonalValues {
  icNumber: string;
  gender: Sex;
  dob: string;
  phoneNumber: string;
  address: string;
}

/** The shared person fields' names for the staff forms' own. */
const FIELD_OF = {
  nik: 'icNumber',
  sex: 'gender',
  dob: 'dob',
  phone: 'phoneNumber',
  address: 'address',
} as const satisfies Partial<Record<keyof PersonValues, keyof PersonalValues>>;

/**
 * NIK (Nomor KTP), phone, sex, birth date and address of an employee or a doctor (the name is
 * asked first, above). A valid NIK fills sex and birth date, as on the patient forms.
 */
export function PersonalFields({
  values,
  onChange,
  errors,
  required = false,
  addressMax,
}: {
  values: PersonalValues;
  onChange: (patch: Partial<PersonalValues>) => void;
  errors: Record<string, string>;
  /** The doctor's NIK and phone are required. */
  required?: boolean;
  addressMax: number;
}) {
  const { t } = useTranslation();
  const errorOf = (field: keyof PersonalValues) =>
    errors[field] ? translateMessage(errors[field]) : undefined;
  return (
    <PersonFields
      values={{
        nik: values.icNumber,
        name: '',
        sex: values.gender,
        dob: values.dob,
        phone: values.phoneNumber,
        address: values.address,
      }}
      onChange={(patch) => {
        const own: Partial<PersonalValues> = {};
        for (const [field, value] of Object.entries(patch)) {
          const key = FIELD_OF[field as keyof typeof FIELD_OF];
          if (key) Object.assign(own, { [key]: key === 'gender' ? asSex(value) : value });
        }
        onChange(own);
      }}
      errors={{
        nik: errorOf('icNumber'),
        dob: errorOf('dob'),
        phone: errorOf('phoneNumber'),
        address: errorOf('address'),
      }}
      labels={{
        nik: t('masterWeb.common.icNumber'),
        sex: t('masterWeb.common.sex'),
        sexM: t('masterWeb.common.sexM'),
        sexF: t('masterWeb.common.sexF'),
        sexN: t('masterWeb.common.sexN'),
        dob: t('masterWeb.common.dob'),
        dobPlaceholder: t('masterWeb.common.dobPlaceholder'),
        phone: t('masterWeb.common.phone'),
        address: t('masterWeb.common.address'),
      }}
      limits={{ nik: FIELD_MAX.icNumber, phone: PROFILE_LIMITS.phoneMax, address: addressMax }}
      omit={['name']}
      required={required ? ['nik', 'phone'] : []}
      phoneInputMode="numeric"
      cols={{ base: 1, sm: 2 }}
    />
  );
}
