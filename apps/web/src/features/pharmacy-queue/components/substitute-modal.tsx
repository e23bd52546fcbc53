import { Alert, Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { drugLabel, useDrugSearch } from '../../../shared/consultations/drugs-api.ts';
import { type PrescriptionLine, useSubstituteLine } from '../api/pharmacy-queue-api.ts';
import { FORM_ERROR, serverErrors } from './form-errors.ts';

/**
 * The pharmacist gives another drug of the master for a line, with the reason (the doctor sees
 * both). Mounted only while open: each opening starts empty; a refusal keeps the choice and reason.
 */
export function SubstituteModal({
  prescriptionUid,
  line,
  onClose,
}: {
  prescriptionUid: string;
  line: PrescriptionLine | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={line !== null}
      onClose={onClose}
      title={
        line ? t('pharmacyQueue.substitute.title', { line: `${line.line + 1} (${line.item.name})` }) : ''
      }
    >
      {line && <SubstituteForm prescriptionUid={prescriptionUid} line={line} onDone={onClose} />}
    </Modal>
  );
}

function SubstituteForm({
  prescriptionUid,
  line,
  onDone,
}: {
  prescriptionUid: string;
  line: PrescriptionLine;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [itemUid, setItemUid] = useState<string | null>(null);
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const drugs = useDrugSearch(debounced, { enabled: debounced.length >= 2 });
  const substitute = useSubstituteLine();
  const options = (drugs.data?.docs ?? []).map((d) => ({
    value: d.uid,
    label: d.genericName ? `${drugLabel(d)} (${d.genericName})` : drugLabel(d),
  }));
  // the chosen drug stays listed while the search moves on
  const data = picked && !options.some((o) => o.value === picked.value) ? [picked, ...options] : options;

  const onSubmit = () => {
    const marks: Record<string, string> = {};
    if (!itemUid) marks.itemUid = t('validation.required');
    if (!reason.trim()) marks.reason = t('pharmacy.reasonRequired');
    setErrors(marks);
    if (!itemUid || !reason.trim()) return;
    substitute.mutate(
      { params: { uid: prescriptionUid }, body: { line: line.line, itemUid, reason: reason.trim() } },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: answer.message });
          onDone();
        },
        onError: (error) => setErrors(serverErrors(error) ?? {}),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Select
        data-autofocus
        label={t('pharmacyQueue.substitute.drug')}
        placeholder={t('pharmacyQueue.substitute.drugPlaceholder')}
        withAsterisk
        searchable
        filter={({ options: all }) => all}
        searchValue={search}
        onSearchChange={setSearch}
        data={data}
        value={itemUid}
        error={errors.itemUid}
        onChange={(value, option) => {
          setItemUid(value);
          setPicked(option ? { value: option.value, label: option.label } : null);
        }}
      />
      <Textarea
        label={t('pharmacyQueue.substitute.reason')}
        withAsterisk
        autosize
        minRows={2}
        maxLength={500}
        value={reason}
        error={errors.reason}
        onChange={(e) => setReason(e.currentTarget.value)}
      />
      {errors[FORM_ERROR] && (
        <Alert color="red" role="alert">
          {errors[FORM_ERROR]}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('pharmacyQueue.substitute.cancel')}
        </Button>
        <Button loading={substitute.isPending} onClick={onSubmit}>
          {t('pharmacyQueue.substitute.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
