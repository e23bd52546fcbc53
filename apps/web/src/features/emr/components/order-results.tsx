import { Button, SimpleGrid } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabResultsCard } from '../../../shared/results/lab-results-card.tsx';
import { PhysioCard } from '../../../shared/results/physio-card.tsx';
import { RadiologyReportCard } from '../../../shared/results/radiology-report-card.tsx';
import { TreatmentCard } from '../../../shared/results/treatment-card.tsx';
import type { Encounter } from '../api/record-api.ts';

/**
 * What came back from a visit's orders — lab values with their flags, radiology reports,
 * physiotherapy programmes, procedures — behind "Hasil penunjang (n)": a long record stays short
 * to scroll, and the results load when the doctor opens them (each kind once for the whole
 * record, whichever visit asks). Nothing at all for a visit that ordered nothing.
 */
export function OrderResults({ encounter: e }: { encounter: Encounter }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const orders = e.serviceOrders;
  if (!orders.length) return null;
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        leftSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {t('emr.visit.results', { count: orders.length })}
      </Button>
      {open && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" mt={4} data-testid="order-results">
          <LabResultsCard patientUid={e.patient.uid} orders={orders} visitOnly />
          <RadiologyReportCard patientUid={e.patient.uid} orders={orders} visitOnly />
          <PhysioCard patientUid={e.patient.uid} orders={orders} visitOnly />
          <TreatmentCard patientUid={e.patient.uid} orders={orders} visitOnly />
        </SimpleGrid>
      )}
    </div>
  );
}
