import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';

export interface Specialist {
  _id: string | number;
  name: string;
}

/** `GET /doctors/specialists` (spec 7): the list the disabled Specialist field is chosen from. */
export async function getSpecialists(): Promise<Specialist[]> {
  const { data } = await api<{ specialists: Specialist[] }>('doctors/specialists');
  return data?.specialists ?? [];
}

export const useSpecialists = (enabled: boolean) =>
  useQuery({ queryKey: ['doctors', 'specialists'], queryFn: getSpecialists, enabled, staleTime: 300_000 });
