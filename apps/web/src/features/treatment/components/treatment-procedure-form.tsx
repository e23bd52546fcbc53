import { treatmentProcedureCreateSchema } from '@klinikita/domain/treatment/treatment.schema';
import {
  ActionIcon,
  Autocomplete,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
// the doctor's ICD picker, as the brief for the treatment room asks: one way to pick a code
import { CodePicker, type PickedCode } from '../../../shared/consultations/code-picker.tsx';
import { drugLabel, useDrugSearch } from '../../../shared/consultations/drugs-api.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { type TreatmentOptions, useRecordProcedure } from '../api/treatment-api.ts';

interface ConsumableDraft {
  drugUid: string | null;
  name: string;
  quantity: number | '';
  unit: string;
}

const newKey = () => crypto.randomUUID();
const emptyConsumable = (): ConsumableDraft => ({ drugUid: null, name: '', quantity: 1, unit: '' });

/**
 * Records a procedure on the visit: the catalogue item (its ICD-9-CM code filled in), the code
 * (the doctor's picker), who performed it (the user by default), the consumables (from the drug
 * master or a free name) and notes. The form's request key makes a double click record it once.
 */
export function TreatmentProcedureForm({
  registrationId,
  clinicId,
  options,
}: {
  registrationId: string;
  clinicId: number;
  options: TreatmentOptions | undefined;
}) {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const record = useRecordProcedure();
  const [requestKey, setRequestKey] = useState(newKey);
  const [serviceUid, setServiceUid] = useState<string | null>(null);
  const [code, setCode] = useState<PickedCode | null>(null);
  const [performerUid, setPerformerUid] = useState<string | null>(user._id);
  const [consumables, setConsumables] = useState<ConsumableDraft[]>([]);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const err = (path: string) => (errors[path] ? translateMessage(errors[path]) : undefined);
  const en = i18n.language === 'en';
  const procedures = options?.procedures ?? [];
  const performers = options?.performers ?? [];

  const pickService = (uid: string | null) => {
    setServiceUid(uid);
    const service = procedures.find((p) => p.uid === uid);
    if (service?.icd9Code) setCode({ code: service.icd9Code, title: en ? service.nameEn : service.nameId });
  };
  const setConsumable = (i: number, patch: Partial<ConsumableDraft>) =>
    setConsumables((rows) => rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = treatmentProcedureCreateSchema.safeParse({
      requestKey,
      icd9Code: code?.code ?? '',
      serviceUid,
      performerUid: performers.some((p) => p.uid === performerUid) ? performerUid : null,
      consumables: consumables
        .filter((c) => c.name.trim())
        .map((c) => ({ ...c, quantity: c.quantity === '' ? Number.NaN : c.quantity })),
      notes,
    });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    record.mutate(
      { params: { registrationId }, body: parsed.data },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: answer.message });
          setRequestKey(newKey());
          setServiceUid(null);
          setCode(null);
          setConsumables([]);
          setNotes('');
        },
        onError: (error) => {
          if (isUnexpectedError(error)) void reportUnexpectedError(error);
          else if (error instanceof ApiError && error.errors.length) setErrors(toFieldErrors(error.errors));
          else notifications.show({ color: 'orange', message: error.message });
        },
      },
    );
  };

  return (
    <Card withBorder padding="md" component="section" aria-label={t('treatment.form.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fw={600}>{t('treatment.form.title')}</Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <Select
              label={t('treatment.form.service')}
              placeholder={t('treatment.form.servicePlaceholder')}
              searchable
              clearable
              data={procedures.map((p) => ({
                value: p.uid,
                label: `${en ? p.nameEn : p.nameId} (${p.code})`,
              }))}
              value={serviceUid}
              error={err('serviceUid')}
              onChange={pickService}
            />
            <Select
              label={t('treatment.form.performer')}
              searchable
              data={performers.map((p) => ({ value: p.uid, label: p.name }))}
              value={performerUid}
              error={err('performerUid')}
              onChange={setPerformerUid}
            />
          </SimpleGrid>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('treatment.form.icd9')}
            </Text>
            <CodePicker
              system="icd9cm"
              clinicId={clinicId}
              picked={code ? [code] : []}
              withPrimary={false}
              onPick={(c) => setCode({ code: c.code, title: en ? c.titleEn : c.titleId })}
              onRemove={() => setCode(null)}
              error={err('icd9Code') ?? null}
            />
          </div>
          <div>
            <Text size="sm" fw={500}>
              {t('treatment.form.consumables')}
            </Text>
            {consumables.length === 0 && (
              <Text size="xs" c="dimmed">
                {t('treatment.form.noConsumables')}
              </Text>
            )}
            {consumables.map((c, i) => (
              <ConsumableRow
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
                key={i}
                index={i}
                row={c}
                errorOf={(field) => err(`consumables.${i}.${field}`)}
                onChange={(patch) => setConsumable(i, patch)}
                onRemove={() => setConsumables((rows) => rows.filter((_, j) => j !== i))}
              />
            ))}
            <Button
              variant="subtle"
              size="xs"
              mt={4}
              leftSection={<IconPlus size={14} />}
              onClick={() => setConsumables((rows) => [...rows, emptyConsumable()])}
            >
              {t('treatment.form.add')}
            </Button>
          </div>
          <Textarea
            label={t('treatment.form.notes')}
            autosize
            minRows={2}
            maxLength={1000}
            value={notes}
            error={err('notes')}
            onChange={(e) => setNotes(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={record.isPending} leftSection={<IconDeviceFloppy size={18} />}>
              {t('treatment.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** One consumable: a drug of the master as it is typed, or a free name; quantity and unit. */
function ConsumableRow({
  index,
  row,
  errorOf,
  onChange,
  onRemove,
}: {
  index: number;
  row: ConsumableDraft;
  errorOf: (field: string) => string | undefined;
  onChange: (patch: Partial<ConsumableDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(row.name.trim(), 200);
  const drugs = useDrugSearch(debounced, { enabled: debounced.length >= 2 && !row.drugUid });
  const found = drugs.data?.docs ?? [];
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" mt={4}>
      <Autocomplete
        aria-label={`${t('treatment.form.name')} ${index + 1}`}
        placeholder={t('treatment.form.drugPlaceholder')}
        value={row.name}
        maxLength={120}
        data={found.map((d) => ({ value: d.uid, label: drugLabel(d) }))}
        filter={({ options }) => options}
        error={errorOf('name')}
        onChange={(value) => {
          const drug = found.find((d) => d.uid === value);
          onChange(
            drug
              ? { drugUid: drug.uid, name: drugLabel(drug), unit: drug.unit }
              : { drugUid: null, name: value },
          );
        }}
        style={{ flex: 4 }}
      />
      <NumberInput
        aria-label={`${t('treatment.form.quantity')} ${index + 1}`}
        placeholder={t('treatment.form.quantity')}
        value={row.quantity}
        min={0}
        max={1000}
        decimalScale={2}
        error={errorOf('quantity')}
        onChange={(v) => onChange({ quantity: v === '' ? '' : Number(v) })}
        style={{ flex: 1 }}
      />
      <TextInput
        aria-label={`${t('treatment.form.unit')} ${index + 1}`}
        placeholder={t('treatment.form.unit')}
        value={row.unit}
        maxLength={20}
        error={errorOf('unit')}
        onChange={(e) => onChange({ unit: e.currentTarget.value })}
        style={{ flex: 1 }}
      />
      <ActionIcon
        variant="subtle"
        color="gray"
        mt={6}
        aria-label={t('treatment.form.remove')}
        onClick={onRemove}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
