import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';

/** The employee profile of spec 3, as `settings/pharmacy/employees/where` answers it. */
export interface EmployeeProfile {
  name: string;
  username: string;
  email: string | null;
  role: { _id: string; role: string } | null;
  gender: 'M' | 'F' | 'N' | null;
  dob: string | null;
  icNumber: string | null;
  ihsNumber: string | null;
  passport: string | null;
  others: string | null;
  address: string | null;
  phoneNumber: string | null;
  clinicId: number | null;
  uidClinic: string | null;
  clinicName: string | null;
  uidEmployee: string;
  imageUrl: string | null;
  active: boolean;
}

export const employeeProfileKey = (uid: string | null) => ['profile', 'employee', uid] as const;

export async function getEmployeeProfile(uid: string): Promise<EmployeeProfile> {
  const { data } = await api<EmployeeProfile>('settings/pharmacy/employees/where', { query: { uid } });
  return data!;
}

export const useEmployeeProfile = (uid: string | null, enabled = true) =>
  useQuery({
    queryKey: employeeProfileKey(uid),
    queryFn: () => getEmployeeProfile(uid!),
    enabled: enabled && uid !== null,
  });
