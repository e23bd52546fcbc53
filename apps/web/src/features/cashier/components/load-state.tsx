import { Alert, Center, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ApiError } from '../../../shared/api-client.ts';

/**
 * What a read shows before its data: a loader with its words while loading, else the server's
 * refusal (or the screen's own words for a failure the server did not explain); null once loaded.
 */
export function LoadState({
  query,
  loading,
  failed,
}: {
  query: { isLoading: boolean; data?: unknown; error: Error | null };
  loading: string;
  failed: string;
}) {
  if (query.isLoading)
    return (
      <Center py="lg">
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {loading}
          </Text>
        </Group>
      </Center>
    );
  if (query.data === undefined)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />}>
        {query.error instanceof ApiError ? query.error.message : failed}
      </Alert>
    );
  return null;
}
