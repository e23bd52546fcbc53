import { Alert, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import { useSatusehatSettings } from '../api/satusehat-settings.ts';
import { ConnectionForm } from '../components/connection-form.tsx';
import { LocationsCard } from '../components/locations-card.tsx';

/**
 * `/Setting/satuSehat` (issue 19 §1): the working clinic's SATUSEHAT connection and its rooms and
 * poli registered as Locations. Only holders of `satusehat.manage` reach it (the menu and the API).
 */
export function SatusehatSettingsPage() {
  const { t } = useTranslation();
  const { clinic, clinics, setClinicId } = useWorkingClinic();
  const settings = useSatusehatSettings(clinic?.id ?? 0);

  if (!clinic)
    return (
      <Alert color="orange" variant="light">
        {t('satusehatSettings.loadFailed')}
      </Alert>
    );

  return (
    <Stack gap="md" maw={1000}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>{t('satusehatSettings.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('satusehatSettings.subtitle')}
          </Text>
        </div>
        {clinics.length > 1 && (
          <Select
            label={t('satusehatSettings.clinic')}
            data={clinics.map((c) => ({ value: String(c.id), label: c.name }))}
            value={String(clinic.id)}
            onChange={(v) => v && setClinicId(Number(v))}
            allowDeselect={false}
            w={300}
          />
        )}
      </Group>
      {settings.isLoading ? (
        <Group justify="center" p="xl">
          <Loader size="sm" />
        </Group>
      ) : settings.isError || !settings.data ? (
        <Group justify="center" p="xl" gap="sm">
          <Text c="red" size="sm">
            {t('satusehatSettings.loadFailed')}
          </Text>
          <Button size="xs" variant="light" onClick={() => settings.refetch()}>
            {t('satusehatSettings.retry')}
          </Button>
        </Group>
      ) : (
        <>
          <ConnectionForm key={`${clinic.id}:${settings.data.updatedAt}`} settings={settings.data} />
          <LocationsCard key={clinic.id} clinicId={clinic.id} ready={settings.data.configured} />
        </>
      )}
    </Stack>
  );
}
