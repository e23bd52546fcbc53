import { PROFILE_LIMITS, PROFILE_MESSAGES } from '@klinikita/domain/employees/profile.schema';
import { Button, Group, TextInput } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { getPractitionerIhs } from '../../../shared/satusehat/practitioner-ihs.ts';

/**
 * The staff member's SATUSEHAT IHS number, fetched by the NIK typed above ("Ambil Nomor IHS"):
 * without it a doctor's visits cannot be sent to the platform.
 */
export function IhsField({
  nik,
  value,
  onChange,
  error,
}: {
  nik: string;
  value: string;
  onChange: (ihs: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [fetching, setFetching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function fetchIhs() {
    if (!nik.trim()) return setProblem(PROFILE_MESSAGES.ihsNeedsNik);
    setFetching(true);
    setProblem(null);
    try {
      onChange((await getPractitionerIhs(nik.trim())).replace(/\D/g, '').slice(0, PROFILE_LIMITS.ihsMax));
    } catch (failure) {
      setProblem(failure instanceof ApiError && failure.status > 0 ? failure.message : 'api.unavailable');
    } finally {
      setFetching(false);
    }
  }

  const shown = problem ?? error;
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        flex={1}
        label={t('staffWeb.profile.ihsNumber')}
        readOnly
        variant="filled"
        value={value}
        error={shown ? translateMessage(shown) : undefined}
      />
      <Button
        mt={25}
        variant="light"
        leftSection={<IconId size={16} />}
        loading={fetching}
        onClick={fetchIhs}
      >
        {t('staffWeb.profile.fetchIhs')}
      </Button>
    </Group>
  );
}
