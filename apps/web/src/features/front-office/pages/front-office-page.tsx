import type { PatientSummary } from '@klinikita/domain/patients/patient.schema';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { Alert, Button, Card, Grid, Group, Kbd, Select, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useLiveRegistrations } from '../../../shared/live/live-events.ts';
import { usePatient } from '../../../shared/patients/patients-api.ts';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import { isTyping } from '../components/keyboard.ts';
import { PatientCard } from '../components/patient-card.tsx';
import { PatientSearch } from '../components/patient-search.tsx';
import { clinicDateTime, QueueTicketModal } from '../components/queue-ticket.tsx';
import { QuickAddPatientModal } from '../components/quick-add-patient.tsx';
import { TodayRegistrations } from '../components/today-registrations.tsx';
import { VisitForm } from '../components/visit-form.tsx';

/** `/Registration/patient`: the front office, where a clerk registers a visit in a few keystrokes. */
export function FrontOfficePage() {
  const { t } = useTranslation();
  const { clinic, clinics, setClinicId } = useWorkingClinic();
  if (!clinic)
    return (
      <Alert color="orange" variant="light">
        {t('frontOffice.noClinic')}
      </Alert>
    );
  return (
    <FrontOffice
      key={clinic.id}
      clinic={clinic}
      clinicOptions={clinics.map((c) => ({ value: String(c.id), label: c.name }))}
      onClinic={setClinicId}
    />
  );
}

type WorkingClinic = NonNullable<ReturnType<typeof useWorkingClinic>['clinic']>;

function FrontOffice({
  clinic,
  clinicOptions,
  onClinic,
}: {
  clinic: WorkingClinic;
  clinicOptions: { value: string; label: string }[];
  onClinic: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const searchRef = useRef<HTMLInputElement>(null);
  const serviceRef = useRef<HTMLDivElement>(null);
  const [picked, setPicked] = useState<PatientSummary | null>(null);
  const [searchError, setSearchError] = useState<string | undefined>();
  const [quickAdd, setQuickAdd] = useState<{ query: string } | null>(null);
  const [ticket, setTicket] = useState<Registration | null>(null);
  // a new number resets the visit form for the next patient
  const [formKey, setFormKey] = useState(0);
  const details = usePatient(picked?.uid ?? null);
  const modalOpen = quickAdd !== null || ticket !== null;
  useLiveRegistrations(clinic.id);

  const focusSearch = useCallback(() => searchRef.current?.focus(), []);
  useEffect(() => focusSearch(), [focusSearch]);

  // '/' or F2 goes to the search box, F4 opens the quick-add form
  useEffect(() => {
    if (modalOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F2' || (event.key === '/' && !isTyping(event.target))) {
        event.preventDefault();
        searchRef.current?.focus();
        searchRef.current?.select();
      } else if (event.key === 'F4') {
        event.preventDefault();
        setQuickAdd({ query: '' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [modalOpen]);

  function pick(patient: PatientSummary) {
    setPicked(patient);
    setSearchError(undefined);
    setQuickAdd(null);
    // on to the visit: the chosen service, then Tab to the doctor
    requestAnimationFrame(() =>
      serviceRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus(),
    );
  }

  function registered(registration: Registration) {
    setTicket(registration);
    setPicked(null);
    setFormKey((k) => k + 1);
  }

  function closeTicket() {
    setTicket(null);
    // after the dialog has given the focus back
    setTimeout(focusSearch, 0);
  }

  const today = clinicDateTime(new Date().toISOString(), clinic.timeZone, i18n.language);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <div>
          <Title order={2}>{t('frontOffice.title')}</Title>
          <Text size="sm" c="dimmed">
            {clinic.name} · {today.date}
          </Text>
        </div>
        {clinicOptions.length > 1 && (
          <Select
            label={t('frontOffice.clinic')}
            w={260}
            allowDeselect={false}
            data={clinicOptions}
            value={String(clinic.id)}
            onChange={(v) => v && onClinic(Number(v))}
          />
        )}
      </Group>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="sm">
            {/* visible overflow: the search results lie over the visit form */}
            <Card padding="sm" style={{ overflow: 'visible' }}>
              <Group justify="space-between" align="center" mb={6} wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Title order={4}>{t('frontOffice.patient.section')}</Title>
                  <Text size="xs" c="dimmed" truncate>
                    {t('frontOffice.search.hint')}
                  </Text>
                </div>
                <Button
                  variant="light"
                  leftSection={<IconUserPlus size={16} />}
                  rightSection={
                    <Kbd size="xs" aria-hidden>
                      F4
                    </Kbd>
                  }
                  onClick={() => setQuickAdd({ query: '' })}
                  style={{ flexShrink: 0 }}
                >
                  {t('frontOffice.search.newPatient')}
                </Button>
              </Group>
              <PatientSearch
                inputRef={searchRef}
                error={searchError ? translateMessage(searchError) : undefined}
                onPick={pick}
                onNewPatient={(query) => setQuickAdd({ query })}
              />
              {picked ? (
                <PatientCard
                  patient={picked}
                  details={details.data?.uid === picked.uid ? details.data : undefined}
                  onChange={() => {
                    setPicked(null);
                    focusSearch();
                  }}
                />
              ) : (
                <Text size="sm" c="dimmed" mt="xs">
                  {t('frontOffice.patient.none')}
                </Text>
              )}
            </Card>
            <Card padding="sm">
              <VisitForm
                key={formKey}
                clinicId={clinic.id}
                patient={picked}
                details={details.data}
                keysEnabled={!modalOpen}
                serviceRef={serviceRef}
                onPatientMissing={(message) => {
                  setSearchError(message);
                  focusSearch();
                }}
                onRegistered={registered}
              />
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <TodayRegistrations clinicId={clinic.id} timeZone={clinic.timeZone} onOpen={setTicket} />
        </Grid.Col>
      </Grid>

      <QuickAddPatientModal
        opened={quickAdd !== null}
        query={quickAdd?.query ?? ''}
        clinicId={clinic.id}
        onClose={() => {
          setQuickAdd(null);
          setTimeout(focusSearch, 0);
        }}
        onPick={pick}
      />
      <QueueTicketModal
        registration={ticket}
        clinicName={clinic.name}
        timeZone={clinic.timeZone}
        onClose={closeTicket}
      />
    </Stack>
  );
}
