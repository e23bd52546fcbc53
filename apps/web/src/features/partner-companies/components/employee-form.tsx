import { employeeSaveSchema } from '@klinikita/domain/partner-companies/partner-company.schema';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type CoveredEmployee, useAddEmployee, useUpdateEmployee } from '../api/partner-companies-api.ts';
import { FORM_ERROR, serverErrors } from './company-format.ts';

interface Values {
  employeeNumber: string;
  nik: string;
  name: string;
  birthDate: string;
  sex: 'M' | 'F';
  department: string;
  active: boolean;
}

/** A covered employee added or changed: the input stays when refused, the messages under the fields. */
export function EmployeeForm({
  companyUid,
  employee,
  onClose,
}: {
  companyUid: string;
  employee: CoveredEmployee | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const s = (key: string) => t(`partnerCompanies.screen.${key}`);
  const [values, setValues] = useState<Values>({
    employeeNumber: employee?.employeeNumber ?? '',
    nik: employee?.nik ?? '',
    name: employee?.name ?? '',
    birthDate: employee?.birthDate ?? '',
    sex: employee?.sex ?? 'M',
    department: employee?.department ?? '',
    active: employee?.active ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddEmployee();
  const update = useUpdateEmployee();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, [FORM_ERROR]: __, ...rest }) => rest);
  };
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);
  const text = (key: 'employeeNumber' | 'nik' | 'name' | 'department', max: number, required = true) => (
    <TextInput
      label={s(key === 'name' ? 'employeeName' : key)}
      required={required}
      maxLength={max}
      value={values[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
      error={errorOf(key)}
    />
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = employeeSaveSchema.safeParse(values);
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    const done = {
      onSuccess: (answer: { message: string }) => {
        notifications.show({ color: 'teal', message: translateMessage(answer.message) });
        onClose();
      },
      onError: (error: unknown) => {
        const mapped = serverErrors(error);
        if (mapped) setErrors(mapped);
      },
    };
    if (employee)
      update.mutate({ params: { uid: companyUid, employeeUid: employee.uid }, body: parsed.data }, done);
    else add.mutate({ params: { uid: companyUid }, body: parsed.data }, done);
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={employee ? s('editEmployee') : s('addEmployee')}
      size="lg"
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            {text('employeeNumber', 40)}
            {text('nik', 16)}
            {text('name', 120)}
            <TextInput
              type="date"
              required
              label={s('birthDate')}
              value={values.birthDate}
              onChange={(e) => set('birthDate', e.currentTarget.value)}
              error={errorOf('birthDate')}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {s('sex')}
              </Text>
              <SegmentedControl
                aria-label={s('sex')}
                value={values.sex}
                onChange={(v) => set('sex', v as Values['sex'])}
                data={[
                  { value: 'M', label: s('male') },
                  { value: 'F', label: s('female') },
                ]}
              />
            </Stack>
            {text('department', 80, false)}
          </SimpleGrid>
          <Switch
            label={s('active')}
            checked={values.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
          />
          {errors[FORM_ERROR] && <Alert color="orange">{translateMessage(errors[FORM_ERROR])}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {s('cancel')}
            </Button>
            <Button type="submit" loading={add.isPending || update.isPending}>
              {s('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
