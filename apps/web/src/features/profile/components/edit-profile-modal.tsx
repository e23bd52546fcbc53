import { ROLES } from '@klinikita/domain/access/roles';
import type { SessionUser } from '@klinikita/domain/auth/auth.schema';
import { DoctorProfileModal } from './doctor-profile-modal.tsx';
import { StaffProfileModal } from './staff-profile-modal.tsx';

interface EditProfileModalProps {
  user: SessionUser;
  opened: boolean;
  onClose: () => void;
}

/** The header's Edit Profile: doctors get the doctor modal (spec 2.5), everyone else Edit User (2.6). */
export function EditProfileModal({ user, opened, onClose }: EditProfileModalProps) {
  return user.role.role === ROLES.doctor && user.DoctorId !== null ? (
    <DoctorProfileModal user={user} opened={opened} onClose={onClose} />
  ) : (
    <StaffProfileModal user={user} opened={opened} onClose={onClose} />
  );
}
