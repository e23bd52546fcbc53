import { ALL_ACCESS_ROLES } from '@klinikita/domain/access/roles';
import { Card, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ListFooter } from '../../../shared/ui/paged-table.tsx';
import { type RecordPatient, useAuditLog, useRecord } from '../api/record-api.ts';
import { formatDate, titledName } from '../format.ts';
import { AuditTable } from './audit-table.tsx';
import { DiagnosisHistory } from './diagnosis-history.tsx';
import { LabTrends } from './lab-trends.tsx';
import { PatientLetters } from './patient-letters.tsx';
import { Timeline } from './timeline.tsx';
import { VitalsTrend } from './vitals-trend.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** Who the record is about, allergies first in red: nobody prescribes past them. */
export function RecordBanner({ patient: p }: { patient: RecordPatient }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Card withBorder padding="md" component="section" aria-label={titledName(p)}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h3">
              {titledName(p)}
            </Title>
            <Text size="sm" c="dimmed">
              {t('emr.banner.mrn')}{' '}
              <Text span ff="monospace" size="sm">
                {p.mrn}
              </Text>
            </Text>
          </div>
          <Group gap="lg">
            <Fact label={t('emr.banner.age')}>{t('patients.web.age', p.age)}</Fact>
            <Fact label={t('emr.banner.sex')}>{t(`patients.web.sex${p.sex}`)}</Fact>
            <Fact label={t('emr.banner.dob')}>{p.dob}</Fact>
            <Fact label={t('emr.banner.nik')}>{p.nik ?? '–'}</Fact>
            <Fact label={t('emr.banner.visits')}>{p.visits}</Fact>
            <Fact label={t('emr.banner.lastVisit')}>
              {p.lastVisit ? formatDate(p.lastVisit, locale) : '–'}
            </Fact>
          </Group>
        </Group>
        {p.allergies ? (
          <Group
            gap={8}
            wrap="nowrap"
            px="sm"
            py={6}
            bg="red.0"
            c="red.9"
            role="alert"
            style={{ borderRadius: 4, border: '1px solid var(--mantine-color-red-3)' }}
          >
            <IconAlertTriangle size={18} style={{ flexShrink: 0 }} />
            <Text size="sm" fw={700}>
              {t('emr.banner.allergies', { allergies: p.allergies })}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('emr.banner.noAllergies')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The audit entries of this patient's record (Super Admin): who opened, printed or wrote it. */
function AccessTrail({ patientUid }: { patientUid: string }) {
  const [page, setPage] = useState(1);
  const log = useAuditLog({ patientId: patientUid, page, limit: 50 });
  return (
    <>
      <AuditTable
        data={log.data}
        loading={log.isLoading}
        failed={log.isError && !log.data}
        fetching={log.isFetching}
        stale={log.isPlaceholderData}
        filtered={false}
        onClearFilters={() => {}}
        showPatient={false}
      />
      {log.data && (
        <ListFooter
          page={log.data.page}
          totalPages={log.data.totalPages}
          limit={log.data.limit}
          totalDocs={log.data.totalDocs}
          onPage={setPage}
        />
      )}
    </>
  );
}

type Tab = 'timeline' | 'vitals' | 'lab' | 'diagnoses' | 'letters' | 'access';

/**
 * A patient's medical record: the banner and the newest visits (one answer), then the vitals
 * trends, diagnoses, letters.
 */
export function PatientRecord({ patientUid }: { patientUid: string }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const record = useRecord(patientUid);
  const [tab, setTab] = useState<Tab>('timeline');
  const auditor = ALL_ACCESS_ROLES.includes(user.role.role);
  const patient = record.data?.pages[0]?.patient;

  if (record.isLoading)
    return (
      <Center py="xl">
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('web.common.loading')}
          </Text>
        </Group>
      </Center>
    );
  if (!patient) {
    const error = record.error;
    return (
      <Card withBorder padding="lg">
        <Text c={error instanceof ApiError && error.status === 404 ? 'dimmed' : 'red'} role="alert">
          {error instanceof ApiError && error.status === 404
            ? t('emr.detail.notFound')
            : error instanceof ApiError && error.status === 403
              ? error.message
              : t('web.common.loadFailed')}
        </Text>
      </Card>
    );
  }
  return (
    <Stack gap="md">
      <RecordBanner patient={patient} />
      <Tabs value={tab} onChange={(v) => setTab((v as Tab) ?? 'timeline')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="timeline">{t('emr.tabs.timeline')}</Tabs.Tab>
          <Tabs.Tab value="vitals">{t('emr.tabs.vitals')}</Tabs.Tab>
          <Tabs.Tab value="lab">{t('visitResults.trend.tab')}</Tabs.Tab>
          <Tabs.Tab value="diagnoses">{t('emr.tabs.diagnoses')}</Tabs.Tab>
          <Tabs.Tab value="letters">{t('emr.tabs.letters')}</Tabs.Tab>
          {auditor && <Tabs.Tab value="access">{t('emr.tabs.access')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="timeline" pt="sm">
          <Timeline record={record} total={patient.visits} />
        </Tabs.Panel>
        <Tabs.Panel value="vitals" pt="sm">
          <VitalsTrend patientUid={patientUid} />
        </Tabs.Panel>
        <Tabs.Panel value="lab" pt="sm">
          <LabTrends patientUid={patientUid} />
        </Tabs.Panel>
        <Tabs.Panel value="diagnoses" pt="sm">
          <DiagnosisHistory patientUid={patientUid} />
        </Tabs.Panel>
        <Tabs.Panel value="letters" pt="sm">
          <PatientLetters patientUid={patientUid} />
        </Tabs.Panel>
        {auditor && (
          <Tabs.Panel value="access" pt="sm">
            <AccessTrail patientUid={patientUid} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
