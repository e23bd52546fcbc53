import type { LabTestListItem } from '@klinikita/domain/lab/lab-catalogue.schema';
import {
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilterPage } from '../../../shared/ui/list-page.tsx';
import { useLabTests } from '../api/lab-catalogue-api.ts';

const PAGE_SIZE = 30;
const SEARCH_DEBOUNCE_MS = 300;

type Kind = 'all' | 'test' | 'panel';
type Status = 'true' | 'false' | 'all';

function TestRow({
  test,
  selected,
  onSelect,
}: {
  test: LabTestListItem;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      px="sm"
      py={6}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={selected ? 600 : 500} truncate c={test.active ? undefined : 'dimmed'}>
            {test.nameId}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {test.code}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap">
          {!test.active && (
            <Badge size="xs" variant="light" color="gray">
              {t('labCatalogue.inactive')}
            </Badge>
          )}
          {test.isPanel ? (
            <Badge size="xs" variant="light" color="grape">
              {t('labCatalogue.itemCount', { count: test.itemCount })}
            </Badge>
          ) : (
            <Badge size="xs" variant="outline">
              {t('labCatalogue.parameterCount', { count: test.parameterCount })}
            </Badge>
          )}
        </Group>
      </Group>
    </UnstyledButton>
  );
}

/**
 * The left side of `/panel`: the lab tests and panels, searched and filtered on the server. The
 * first one listed is picked when none is (`onFirst`).
 */
export function LabTestList({
  selectedUid,
  onSelect,
  onFirst,
}: {
  selectedUid: string | null;
  onSelect: (uid: string) => void;
  onFirst: (uid: string) => void;
}) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [kind, setKind] = useState<Kind>('all');
  const [status, setStatus] = useState<Status>('true');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const filters = {
    search: search || undefined,
    kind: kind === 'all' ? undefined : kind,
    active: status === 'all' ? undefined : status,
  };
  const [page, setPage] = useFilterPage(JSON.stringify(filters));
  const tests = useLabTests({ ...filters, page, limit: PAGE_SIZE });
  const docs = tests.data?.docs ?? [];
  const filtered = Boolean(searchText.trim()) || kind !== 'all' || status !== 'true';
  const first = docs[0]?.uid;
  useEffect(() => {
    if (!selectedUid && first) onFirst(first);
  }, [selectedUid, first, onFirst]);

  return (
    <Card withBorder padding="sm">
      <Stack gap="sm">
        <TextInput
          type="search"
          placeholder={t('labCatalogue.searchPlaceholder')}
          aria-label={t('labCatalogue.search')}
          leftSection={<IconSearch size={14} />}
          rightSection={tests.isFetching && !tests.isLoading ? <Loader size={14} /> : null}
          maxLength={100}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
        />
        <SegmentedControl
          size="xs"
          fullWidth
          aria-label={t('labCatalogue.kindFilter')}
          value={kind}
          onChange={(v) => setKind(v as Kind)}
          data={[
            { value: 'all', label: t('labCatalogue.kindAll') },
            { value: 'test', label: t('labCatalogue.kindTest') },
            { value: 'panel', label: t('labCatalogue.kindPanel') },
          ]}
        />
        <SegmentedControl
          size="xs"
          fullWidth
          aria-label={t('labCatalogue.statusFilter')}
          value={status}
          onChange={(v) => setStatus(v as Status)}
          data={[
            { value: 'true', label: t('labCatalogue.statusActive') },
            { value: 'false', label: t('labCatalogue.statusInactive') },
            { value: 'all', label: t('labCatalogue.statusAll') },
          ]}
        />
        {tests.isLoading ? (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        ) : tests.isError && !tests.data ? (
          <Text size="sm" c="red">
            {t('labCatalogue.loadFailed')}
          </Text>
        ) : docs.length ? (
          <Stack
            gap={2}
            role="list"
            aria-label={t('labCatalogue.list')}
            style={{ opacity: tests.isPlaceholderData ? 0.6 : 1 }}
          >
            {docs.map((test) => (
              <TestRow
                key={test.uid}
                test={test}
                selected={test.uid === selectedUid}
                onSelect={() => onSelect(test.uid)}
              />
            ))}
          </Stack>
        ) : (
          <Stack gap="xs" align="center" py="md">
            <Text size="sm" c="dimmed" ta="center">
              {filtered ? t('labCatalogue.emptyFiltered') : t('labCatalogue.empty')}
            </Text>
            {filtered && (
              <Button
                size="xs"
                variant="subtle"
                onClick={() => {
                  setSearchText('');
                  setKind('all');
                  setStatus('true');
                }}
              >
                {t('labCatalogue.clearFilters')}
              </Button>
            )}
          </Stack>
        )}
        {tests.data && tests.data.totalPages > 1 && (
          <Center>
            <Pagination size="sm" total={tests.data.totalPages} value={page} onChange={setPage} />
          </Center>
        )}
      </Stack>
    </Card>
  );
}
