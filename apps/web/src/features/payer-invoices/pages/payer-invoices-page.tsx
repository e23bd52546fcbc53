import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { Alert, Button, Group, Select, Stack, Tabs, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import { AgingTable } from '../components/aging-table.tsx';
import { BankAccountDialog } from '../components/bank-account-dialog.tsx';
import { InvoiceDetail } from '../components/invoice-detail.tsx';
import { InvoiceList } from '../components/invoice-list.tsx';

/**
 * `/Registration/daftarTagihan` (issue 18 §5–6): the working clinic's invoices to partner
 * companies and insurers — made from a payer's receivables of a period, approved, sent as PDF,
 * paid in parts, disputed, written off — and the aging of what each payer owes.
 */
export function PayerInvoicesPage() {
  const { t } = useTranslation();
  const { clinic, clinics, setClinicId } = useWorkingClinic();
  if (!clinic)
    return (
      <Alert color="orange" variant="light">
        {t('payerInvoices.web.noClinic')}
      </Alert>
    );
  // Super Admin, Admin and staff of several clinics pick the clinic whose invoices they work on.
  const picker =
    clinics.length > 1 ? (
      <Select
        w={300}
        label={t('payerInvoices.web.clinic')}
        value={String(clinic.id)}
        allowDeselect={false}
        onChange={(v) => v && setClinicId(Number(v))}
        data={clinics.map((c) => ({ value: String(c.id), label: c.name }))}
      />
    ) : null;
  return (
    <PayerInvoices key={clinic.id} clinicId={clinic.id} today={clinicDay(clinic.timeZone)} picker={picker} />
  );
}

function PayerInvoices({ clinicId, today, picker }: { clinicId: number; today: string; picker: ReactNode }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'invoices' | 'aging'>('invoices');
  const [open, setOpen] = useState<string | null>(null);
  const [bank, setBank] = useState(false);
  const can = usePermissions();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('payerInvoices.web.title')}</Title>
        <Group gap="sm" align="flex-end">
          {picker}
          {can.has('billing.manage') && (
            <Button variant="light" size="xs" onClick={() => setBank(true)}>
              {t('payerInvoices.web.bankAccount')}
            </Button>
          )}
        </Group>
      </Group>
      {bank && <BankAccountDialog clinicId={clinicId} onClose={() => setBank(false)} />}
      <Tabs value={tab} onChange={(v) => setTab(v === 'aging' ? 'aging' : 'invoices')}>
        <Tabs.List mb="md">
          <Tabs.Tab value="invoices">{t('payerInvoices.web.tabInvoices')}</Tabs.Tab>
          <Tabs.Tab value="aging">{t('payerInvoices.web.tabAging')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="invoices">
          {open ? (
            <InvoiceDetail uid={open} today={today} onBack={() => setOpen(null)} />
          ) : (
            <InvoiceList clinicId={clinicId} today={today} onOpen={setOpen} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="aging">
          {tab === 'aging' && <AgingTable clinicId={clinicId} today={today} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
