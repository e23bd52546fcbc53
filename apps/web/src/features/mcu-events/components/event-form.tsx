import { mcuEventSaveSchema } from '@klinikita/domain/mcu/mcu-events.schema';
import { MCU_EXAM_TYPES } from '@klinikita/domain/mcu/mcu-stations';
import { ActionIcon, Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import {
  type McuEvent,
  useCompanyChoices,
  useCreateMcuEvent,
  useMcuPackages,
  useUpdateMcuEvent,
} from '../api/mcu-events-api.ts';
import { FORM_ERROR, screenT, serverErrors } from './mcu-format.ts';

interface Draft {
  name: string;
  companyUid: string;
  clinicId: string;
  examType: string;
  startDate: string;
  endDate: string;
  status: 'open' | 'closed';
  packages: { jobGroup: string; packageUid: string }[];
}

/** Creates or changes an MCU event: company, MCU site, exam type, days and the package per job group. */
export function EventForm({ event, onClose }: { event: McuEvent | null; onClose: (uid?: string) => void }) {
  const { t } = useTranslation();
  const s = screenT(t);
  const { clinics } = useWorkingClinic();
  const sites = clinics.filter((c) => c.mcuSite);
  const [draft, setDraft] = useState<Draft>(() => ({
    name: event?.name ?? '',
    companyUid: event?.company.uid ?? '',
    clinicId: String(event?.clinicId ?? sites[0]?.id ?? ''),
    examType: event?.examType ?? 'periodic',
    startDate: event?.startDate ?? '',
    endDate: event?.endDate ?? '',
    status: event?.status ?? 'open',
    packages: event?.packages.map((p) => ({ jobGroup: p.jobGroup, packageUid: p.packageUid })) ?? [
      { jobGroup: '', packageUid: '' },
    ],
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [companySearch, setCompanySearch] = useState('');
  const [search] = useDebouncedValue(companySearch, 300);
  const companies = useCompanyChoices(search);
  const packages = useMcuPackages();
  const create = useCreateMcuEvent();
  const update = useUpdateMcuEvent();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setRow = (i: number, patch: Partial<Draft['packages'][number]>) =>
    set({ packages: draft.packages.map((p, j) => (i === j ? { ...p, ...patch } : p)) });
  const err = (path: string) => (errors[path] ? translateMessage(errors[path]) : undefined);

  const companyData = [
    ...(event ? [{ value: event.company.uid, label: event.company.name }] : []),
    ...(companies.data?.docs ?? [])
      .filter((c) => c.uid !== event?.company.uid)
      .map((c) => ({ value: c.uid, label: c.code ? `${c.name} (${c.code})` : c.name })),
  ];
  const packageData = (packages.data ?? [])
    .filter((p) => p.active)
    .map((p) => ({ value: p.serviceUid, label: `${p.code} — ${p.nameId}` }));

  function submit() {
    const parsed = mcuEventSaveSchema.safeParse({ ...draft, clinicId: Number(draft.clinicId) || 0 });
    if (!parsed.success) {
      setErrors(
        toFieldErrors(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))),
      );
      return;
    }
    setErrors({});
    const done = {
      onSuccess: (answer: { message: string; data?: McuEvent }) => {
        notifications.show({ color: 'teal', message: translateMessage(answer.message) });
        onClose(answer.data?.uid);
      },
      onError: (error: Error) => {
        const mapped = serverErrors(error);
        if (mapped) setErrors(mapped);
      },
    };
    if (event) update.mutate({ params: { uid: event.uid }, body: parsed.data }, done);
    else create.mutate({ body: parsed.data }, done);
  }

  return (
    <Modal opened onClose={() => onClose()} title={event ? s('edit') : s('newEvent')} size="lg">
      <Stack gap="sm">
        <TextInput
          label={s('name')}
          required
          value={draft.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={err('name')}
        />
        <Select
          label={s('company')}
          placeholder={s('chooseCompany')}
          required
          searchable
          allowDeselect={false}
          onSearchChange={setCompanySearch}
          data={companyData}
          value={draft.companyUid || null}
          onChange={(v) => set({ companyUid: v ?? '' })}
          error={err('companyUid')}
        />
        <Group grow align="flex-start">
          <Select
            label={s('site')}
            placeholder={s('chooseSite')}
            required
            allowDeselect={false}
            data={sites.map((c) => ({ value: String(c.id), label: c.name }))}
            value={draft.clinicId || null}
            onChange={(v) => set({ clinicId: v ?? '' })}
            error={err('clinicId')}
          />
          <Select
            label={s('examTypeLabel')}
            required
            allowDeselect={false}
            data={MCU_EXAM_TYPES.map((v) => ({ value: v, label: t(`mcuSetup.examType.${v}`) }))}
            value={draft.examType}
            onChange={(v) => set({ examType: v ?? 'periodic' })}
            error={err('examType')}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={s('startDate')}
            required
            value={draft.startDate}
            onChange={(e) => set({ startDate: e.currentTarget.value })}
            error={err('startDate')}
          />
          <TextInput
            type="date"
            label={s('endDate')}
            required
            value={draft.endDate}
            onChange={(e) => set({ endDate: e.currentTarget.value })}
            error={err('endDate')}
          />
          {event && (
            <Select
              label={s('statusLabel')}
              allowDeselect={false}
              data={(['open', 'closed'] as const).map((v) => ({
                value: v,
                label: t(`mcuSetup.status.${v}`),
              }))}
              value={draft.status}
              onChange={(v) => set({ status: (v as Draft['status']) ?? 'open' })}
            />
          )}
        </Group>
        <Stack gap={6}>
          <strong>{s('jobGroups')}</strong>
          {packages.isSuccess && packageData.length === 0 && <Alert color="orange">{s('noPackages')}</Alert>}
          {draft.packages.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
            <Group key={i} align="flex-start" wrap="nowrap">
              <TextInput
                flex={1}
                aria-label={`${s('jobGroup')} ${i + 1}`}
                placeholder={s('jobGroup')}
                value={row.jobGroup}
                onChange={(e) => setRow(i, { jobGroup: e.currentTarget.value })}
                error={err(`packages.${i}.jobGroup`)}
              />
              <Select
                flex={2}
                aria-label={`${s('package')} ${i + 1}`}
                placeholder={s('choosePackage')}
                allowDeselect={false}
                data={packageData}
                value={row.packageUid || null}
                onChange={(v) => setRow(i, { packageUid: v ?? '' })}
                error={err(`packages.${i}.packageUid`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={s('remove')}
                disabled={draft.packages.length === 1}
                onClick={() => set({ packages: draft.packages.filter((_, j) => j !== i) })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {err('packages') && <Alert color="red">{err('packages')}</Alert>}
          <Button
            variant="subtle"
            size="xs"
            w="fit-content"
            onClick={() => set({ packages: [...draft.packages, { jobGroup: '', packageUid: '' }] })}
          >
            {s('addJobGroup')}
          </Button>
        </Stack>
        {errors[FORM_ERROR] && <Alert color="red">{translateMessage(errors[FORM_ERROR])}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            {s('cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending || update.isPending}>
            {s('save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
