import { Card, Center, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useEncounter } from '../../../shared/consultations/encounters-api.ts';
import { LetterForm } from '../components/letter-form.tsx';
import { LetterList } from '../components/letter-list.tsx';
import { VisitPicker } from '../components/visit-picker.tsx';

/**
 * `/Doctor/itemSuratSehat`: health certificates and sick-leave letters. The patient and visit
 * sit in the address (`?patient=&encounter=`), so another screen can link straight to a visit.
 */
export function LettersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const patient = params.get('patient');
  const encounterUid = params.get('encounter');
  const encounter = useEncounter(encounterUid);

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('letters.web.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('letters.web.subtitle')}
        </Text>
      </div>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <VisitPicker
            patient={patient}
            encounterUid={encounterUid}
            onPatient={(p) => setParams({ patient: p.uid })}
            onVisit={(e) => setParams({ patient: e.patient.uid, encounter: e.uid })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {!encounterUid && (
              <Card withBorder padding="lg">
                <Text c="dimmed" size="sm">
                  {patient ? t('letters.web.pickVisit') : t('letters.web.pickPatient')}
                </Text>
              </Card>
            )}
            {encounterUid && encounter.isLoading && (
              <Center py="xl">
                <Loader size="sm" />
              </Center>
            )}
            {encounterUid && encounter.isError && (
              <Card withBorder padding="lg">
                <Text c="red" size="sm" role="alert">
                  {encounter.error.message || t('web.common.loadFailed')}
                </Text>
              </Card>
            )}
            {encounter.data && <LetterForm key={encounter.data.uid} encounter={encounter.data} />}
            {patient && <LetterList patientUid={patient} encounterUid={encounterUid} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
