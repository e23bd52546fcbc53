import { daysToYears, findRangeOverlap, rangeTypeIssues } from '@klinikita/domain/lab/lab-catalogue.rules';
import {
  type LabParameter,
  type LabRange,
  labRangesSaveSchema,
  RANGE_SEXES,
} from '@klinikita/domain/lab/lab-catalogue.schema';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useReplaceRanges } from '../api/lab-catalogue-api.ts';

const LIMITS = ['low', 'high', 'criticalLow', 'criticalHigh', 'impossibleLow', 'impossibleHigh'] as const;
type Limit = (typeof LIMITS)[number];
type Row = {
  key: number;
  sex: LabRange['sex'];
  ageFromDays: number | string;
  ageToDays: number | string;
} & Record<Limit, number | string> & { normalText: string };

const FORM_ERROR = '_form';
let nextKey = 1;

const rowOf = (r: LabRange): Row => ({
  key: nextKey++,
  sex: r.sex,
  ageFromDays: r.ageFromDays,
  ageToDays: r.ageToDays ?? '',
  ...(Object.fromEntries(LIMITS.map((l) => [l, r[l] ?? ''])) as Record<Limit, number | string>),
  normalText: r.normalText ?? '',
});
const blankRow = (): Row => ({
  key: nextKey++,
  sex: 'any',
  ageFromDays: 0,
  ageToDays: '',
  ...(Object.fromEntries(LIMITS.map((l) => [l, ''])) as Record<Limit, string>),
  normalText: '',
});
const value = (v: number | string) => (v === '' ? null : Number(v));

/** '≈ 12 th' under an age in days (months under a year), so nobody counts days by hand. */
function AgeHint({ days, open }: { days: number | string; open?: boolean }) {
  const { t } = useTranslation();
  if (days === '')
    return (
      <Text size="xs" c="dimmed">
        {open ? t('labCatalogue.noUpperAge') : ' '}
      </Text>
    );
  const n = Number(days);
  const text =
    n === 0
      ? t('labCatalogue.birth')
      : n < 365
        ? t('labCatalogue.months', { months: Math.round((n / 30.44) * 10) / 10 })
        : t('labCatalogue.years', { years: daysToYears(n) });
  return (
    <Text size="xs" c="dimmed">
      {text}
    </Text>
  );
}

/**
 * The reference ranges of one parameter, row by row: sex, age band in days, the normal limits,
 * the critical and the impossible ones (a choice or text parameter: its normal text). Saved
 * together; refused rows keep what was typed and show why.
 */
export function ReferenceRangeEditor({
  parameter,
  readOnly,
  onClose,
}: {
  parameter: LabParameter;
  readOnly: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>(() => parameter.ranges.map(rowOf));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useReplaceRanges();
  const numeric = parameter.resultType === 'number';

  const edit = (i: number, patch: Partial<Row>) => {
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    setErrors((e) =>
      Object.fromEntries(
        Object.entries(e).filter(([k]) => !k.startsWith(`ranges.${i}.`) && k !== FORM_ERROR),
      ),
    );
  };
  const errorOf = (i: number, field: string) => {
    const message = errors[`ranges.${i}.${field}`];
    return message ? translateMessage(message) : undefined;
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const ranges = rows.map((r) => ({
      sex: r.sex,
      ageFromDays: value(r.ageFromDays) ?? 0,
      ageToDays: value(r.ageToDays),
      ...(Object.fromEntries(LIMITS.map((l) => [l, numeric ? value(r[l]) : null])) as Record<
        Limit,
        number | null
      >),
      normalText: r.normalText.trim() || null,
    }));
    const parsed = labRangesSaveSchema.safeParse({ ranges });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    const typeIssues = rangeTypeIssues(parameter.resultType, parameter.choices, parsed.data.ranges);
    if (typeIssues.length)
      return setErrors(toFieldErrors(typeIssues.map((i) => ({ path: i.path, message: i.key }))));
    const overlap = findRangeOverlap(parsed.data.ranges);
    if (overlap) {
      return setErrors({
        [overlap.path]: 'labCatalogue.rangeOverlapField',
        [FORM_ERROR]: t(overlap.key, overlap.params ?? {}),
      });
    }
    setErrors({});
    save.mutate(
      { params: { uid: parameter.uid }, body: parsed.data },
      {
        onSuccess: (res) => {
          notifications.show({ color: 'teal', message: translateMessage(res.message) });
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || isUnexpectedError(error))
            return void reportUnexpectedError(error);
          setErrors({ ...toFieldErrors(error.errors), [FORM_ERROR]: error.message });
        },
      },
    );
  }

  const limitInput = (row: Row, i: number, limit: Limit) => (
    <Table.Td key={limit}>
      <NumberInput
        size="xs"
        aria-label={`${t(`labCatalogue.${limit}`)} ${i + 1}`}
        hideControls
        decimalSeparator=","
        disabled={readOnly}
        value={row[limit]}
        onChange={(v) => edit(i, { [limit]: v })}
        error={errorOf(i, limit)}
        w={84}
      />
    </Table.Td>
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('labCatalogue.rangesTitle', {
        name: [parameter.nameId, parameter.unit && `(${parameter.unit})`].filter(Boolean).join(' '),
      })}
      size={numeric ? '95%' : 'xl'}
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {readOnly ? t('labCatalogue.readOnly') : null} {t('labCatalogue.rangesHint')}
            {!numeric && ` ${t('labCatalogue.rangesTextHint')}`}
          </Text>
          <Table.ScrollContainer minWidth={numeric ? 1080 : 560} type="native">
            <Table verticalSpacing={4} aria-label={t('labCatalogue.colRanges')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('labCatalogue.sex')}</Table.Th>
                  <Table.Th>{t('labCatalogue.ageFrom')}</Table.Th>
                  <Table.Th>{t('labCatalogue.ageTo')}</Table.Th>
                  {numeric ? (
                    LIMITS.map((l) => <Table.Th key={l}>{t(`labCatalogue.${l}`)}</Table.Th>)
                  ) : (
                    <Table.Th>{t('labCatalogue.normalText')}</Table.Th>
                  )}
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={numeric ? 10 : 5}>
                      <Text size="sm" c="dimmed" ta="center" py="sm">
                        {t('labCatalogue.noRangeRows')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows.map((row, i) => (
                  <Table.Tr key={row.key} style={{ verticalAlign: 'top' }}>
                    <Table.Td>
                      <Select
                        size="xs"
                        w={120}
                        aria-label={`${t('labCatalogue.sex')} ${i + 1}`}
                        allowDeselect={false}
                        disabled={readOnly}
                        data={RANGE_SEXES.map((s) => ({ value: s, label: t(`labCatalogue.sexes.${s}`) }))}
                        value={row.sex}
                        onChange={(v) => v && edit(i, { sex: v as Row['sex'] })}
                        error={errorOf(i, 'sex')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        w={96}
                        aria-label={`${t('labCatalogue.ageFrom')} ${i + 1}`}
                        allowDecimal={false}
                        allowNegative={false}
                        hideControls
                        disabled={readOnly}
                        value={row.ageFromDays}
                        onChange={(v) => edit(i, { ageFromDays: v })}
                        error={errorOf(i, 'ageFromDays')}
                      />
                      <AgeHint days={row.ageFromDays} />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        w={96}
                        aria-label={`${t('labCatalogue.ageTo')} ${i + 1}`}
                        allowDecimal={false}
                        allowNegative={false}
                        hideControls
                        disabled={readOnly}
                        value={row.ageToDays}
                        onChange={(v) => edit(i, { ageToDays: v })}
                        error={errorOf(i, 'ageToDays')}
                      />
                      <AgeHint days={row.ageToDays} open />
                    </Table.Td>
                    {numeric ? (
                      LIMITS.map((l) => limitInput(row, i, l))
                    ) : (
                      <Table.Td>
                        {parameter.resultType === 'choice' ? (
                          <Select
                            size="xs"
                            w={200}
                            aria-label={`${t('labCatalogue.normalText')} ${i + 1}`}
                            clearable
                            disabled={readOnly}
                            data={parameter.choices ?? []}
                            value={row.normalText || null}
                            onChange={(v) => edit(i, { normalText: v ?? '' })}
                            error={errorOf(i, 'normalText')}
                          />
                        ) : (
                          <TextInput
                            size="xs"
                            w={200}
                            aria-label={`${t('labCatalogue.normalText')} ${i + 1}`}
                            maxLength={60}
                            disabled={readOnly}
                            value={row.normalText}
                            onChange={(e) => edit(i, { normalText: e.currentTarget.value })}
                            error={errorOf(i, 'normalText')}
                          />
                        )}
                      </Table.Td>
                    )}
                    <Table.Td>
                      {!readOnly && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('labCatalogue.removeRange', { row: i + 1 })}
                          onClick={() => {
                            setRows((all) => all.filter((_, j) => j !== i));
                            setErrors({});
                          }}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {errors[FORM_ERROR] && (
            <Alert color="orange" variant="light">
              {translateMessage(errors[FORM_ERROR])}
            </Alert>
          )}
          <Group justify="space-between">
            {readOnly ? (
              <span />
            ) : (
              <Button
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => setRows((all) => [...all, blankRow()])}
              >
                {t('labCatalogue.addRange')}
              </Button>
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {readOnly ? t('labCatalogue.close') : t('labCatalogue.cancel')}
              </Button>
              {!readOnly && (
                <Button type="submit" loading={save.isPending}>
                  {t('labCatalogue.save')}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
