import { LOCATION_TYPES, type LocationType } from '@klinikita/domain/inventory/inventory.rules';
import { locationCreateSchema } from '@klinikita/domain/inventory/inventory.schema';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type StockLocation, useCreateLocation } from '../api/inventory-api.ts';
import { FORM_ERROR, serverErrors } from './form-errors.ts';

/** The clinic's stock locations, and a line to add one (name and type). */
export function LocationsPanel({
  clinicId,
  locations,
}: {
  clinicId: number;
  locations: readonly StockLocation[];
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [type, setType] = useState<LocationType | ''>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateLocation();
  const errorOf = (field: string) => (errors[field] ? translateMessage(errors[field]) : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = locationCreateSchema.safeParse({ clinicId, name, type: type || undefined });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    setErrors({});
    create.mutate(
      { body: parsed.data },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: translateMessage(answer.message) });
          setName('');
          setType('');
        },
        onError: (error) => {
          const mapped = serverErrors(error);
          if (mapped) setErrors(mapped);
        },
      },
    );
  }

  return (
    <Card withBorder padding="md" component="section" aria-label={t('inventory.screen.locations')}>
      <Stack gap="xs">
        <Title order={4}>{t('inventory.screen.locations')}</Title>
        <Table verticalSpacing={4} aria-label={t('inventory.screen.locations')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('inventory.screen.colLocation')}</Table.Th>
              <Table.Th>{t('inventory.screen.colType')}</Table.Th>
              <Table.Th>{t('inventory.screen.colStatus')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {locations.map((l) => (
              <Table.Tr key={l.uid}>
                <Table.Td>{l.name}</Table.Td>
                <Table.Td>{t(`inventory.screen.locationType.${l.type}`)}</Table.Td>
                <Table.Td>
                  <Badge color={l.active ? 'teal' : 'gray'} variant="light">
                    {l.active ? t('inventory.screen.active') : t('inventory.screen.inactive')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="sm">
            <TextInput
              flex="1 1 200px"
              label={t('inventory.screen.locationName')}
              required
              maxLength={80}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setErrors({});
              }}
              error={errorOf('name')}
            />
            <Select
              w={200}
              label={t('inventory.screen.locationTypeLabel')}
              required
              data={LOCATION_TYPES.map((v) => ({ value: v, label: t(`inventory.screen.locationType.${v}`) }))}
              value={type || null}
              onChange={(v) => {
                setType((v as LocationType | null) ?? '');
                setErrors({});
              }}
              error={errorOf('type')}
            />
            <Button type="submit" mt={25} loading={create.isPending}>
              {t('inventory.screen.addLocation')}
            </Button>
          </Group>
          {errors[FORM_ERROR] && (
            <Alert color="orange" variant="light" mt="xs">
              <Text size="sm">{translateMessage(errors[FORM_ERROR])}</Text>
            </Alert>
          )}
        </form>
      </Stack>
    </Card>
  );
}
