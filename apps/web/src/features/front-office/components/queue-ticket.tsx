import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { Button, Divider, Group, Kbd, Modal, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import classes from './front-office.module.css';
import { patientName } from './patient-search.tsx';
import { VisitEligibility } from './visit-eligibility.tsx';

/** Date and time of a moment in the clinic's time zone, in the screen's language. */
export function clinicDateTime(iso: string, timeZone: string, locale: string) {
  const at = new Date(iso);
  const tag = locale === 'en' ? 'en-GB' : 'id-ID';
  return {
    date: new Intl.DateTimeFormat(tag, {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(at),
    time: new Intl.DateTimeFormat(tag, {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at),
  };
}

/** 'Konsultasi dokter · dr. Andi' or 'LAB'. */
export function useVisitLabel() {
  const { t } = useTranslation();
  return (r: Pick<Registration, 'orderType' | 'serviceType' | 'doctor'>) =>
    r.orderType === 'doctor'
      ? [t('frontOffice.visit.services.doctor'), r.doctor?.name].filter(Boolean).join(' · ')
      : t(`frontOffice.visit.services.${r.serviceType ?? 'LAB'}`);
}

function TicketBody({ registration, clinicName, timeZone, forPrint }: TicketProps & { forPrint?: boolean }) {
  const { t, i18n } = useTranslation();
  const visitLabel = useVisitLabel();
  const { date, time } = clinicDateTime(registration.arrivedAt, timeZone, i18n.language);
  return (
    <div className={classes.ticket}>
      <Text fw={700} size="md">
        {clinicName}
      </Text>
      <Text size="xs" c="dimmed">
        {date}, {time}
      </Text>
      <Divider my={8} variant="dashed" />
      <Text size="sm">{t('frontOffice.ticket.queueNumber')}</Text>
      <div className={classes.ticketNumber} data-testid={forPrint ? undefined : 'ticket-number'}>
        {registration.queueNumber}
      </div>
      <Text fw={600} mt={4}>
        {patientName(registration.patient)}
      </Text>
      <Text size="xs" c="dimmed">
        {registration.patient.mrn}
      </Text>
      <Divider my={8} variant="dashed" />
      <Text size="sm">{visitLabel(registration)}</Text>
      {!forPrint && <VisitEligibility registration={registration} />}
      <Text size="sm" fw={700}>
        {t('frontOffice.ticket.room')}: {registration.room}
      </Text>
      <Text size="xs" mt={6}>
        {t('frontOffice.ticket.wait')}
      </Text>
    </div>
  );
}

interface TicketProps {
  registration: Registration;
  clinicName: string;
  timeZone: string;
}

/**
 * The queue ticket after a registration: the big number, who, what, where and when, with a
 * Print button. Only the ticket reaches the paper (80 mm thermal roll), through a copy of it
 * placed directly in the body for print.
 */
export function QueueTicketModal({
  registration,
  clinicName,
  timeZone,
  onClose,
}: Omit<TicketProps, 'registration'> & { registration: Registration | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Modal
        opened={registration !== null}
        onClose={onClose}
        title={t('frontOffice.ticket.title')}
        size="sm"
        centered
        returnFocus={false}
      >
        {registration && (
          <Stack gap="md">
            <TicketBody registration={registration} clinicName={clinicName} timeZone={timeZone} />
            <Group justify="space-between">
              <Button
                variant="default"
                onClick={onClose}
                rightSection={
                  <Kbd size="xs" aria-hidden>
                    Esc
                  </Kbd>
                }
              >
                {t('frontOffice.ticket.done')}
              </Button>
              <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} data-autofocus>
                {t('frontOffice.ticket.print')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      {registration &&
        createPortal(
          <div className={classes.printArea} aria-hidden>
            <TicketBody registration={registration} clinicName={clinicName} timeZone={timeZone} forPrint />
          </div>,
          document.body,
        )}
    </>
  );
}
