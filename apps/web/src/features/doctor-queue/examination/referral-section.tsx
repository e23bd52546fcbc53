import { type ReferralDraft, referralDraftSchema } from '@klinikita/domain/consultations/encounter.schema';
import { Grid, Switch, Textarea, TextInput } from '@mantine/core';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';

const EMPTY: ReferralDraft = { facility: '', specialty: null, reason: '' };

/**
 * A referral letter written with the note (made when the examination is finished). A field's
 * message shows once the doctor has left it, or when `showErrors` (finish was attempted).
 */
export const ReferralSection = memo(function ReferralSection({
  referral,
  onChange,
  showErrors,
}: {
  referral: ReferralDraft | null;
  onChange: (referral: ReferralDraft | null) => void;
  showErrors: boolean;
}) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const parsed = referral ? referralDraftSchema.safeParse(referral) : null;
  const errors = parsed && !parsed.success ? toFieldErrors(parsed.error.issues) : {};
  const err = (field: string) =>
    errors[field] && (showErrors || touched[field]) ? t(errors[field]) : undefined;
  const touch = (field: string) => () => setTouched((s) => ({ ...s, [field]: true }));
  return (
    <>
      <Switch
        label={t('examination.referral.toggle')}
        checked={referral !== null}
        onChange={(e) => {
          onChange(e.currentTarget.checked ? { ...EMPTY } : null);
          setTouched({});
        }}
      />
      {referral && (
        <Grid gap={6} mt={6}>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextInput
              size="sm"
              label={t('examination.referral.facility')}
              placeholder={t('examination.referral.facilityPlaceholder')}
              value={referral.facility}
              maxLength={200}
              required
              error={err('facility')}
              onBlur={touch('facility')}
              onChange={(e) => onChange({ ...referral, facility: e.currentTarget.value })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput
              size="sm"
              label={t('examination.referral.specialty')}
              placeholder={t('examination.referral.specialtyPlaceholder')}
              value={referral.specialty ?? ''}
              maxLength={100}
              error={err('specialty')}
              onChange={(e) => onChange({ ...referral, specialty: e.currentTarget.value || null })}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea
              size="sm"
              label={t('examination.referral.reason')}
              value={referral.reason}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={1000}
              required
              error={err('reason')}
              onBlur={touch('reason')}
              onChange={(e) => onChange({ ...referral, reason: e.currentTarget.value })}
            />
          </Grid.Col>
        </Grid>
      )}
    </>
  );
});
