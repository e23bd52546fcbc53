import { DoctorQueueSidebar } from '../../features/doctor-queue/components/doctor-queue-sidebar.tsx';
import { LabSidebar } from '../../features/lab-queue/components/lab-sidebar.tsx';
import { ShellLayout } from './shell-layout.tsx';

/** The mandiri layout: the header alone (its quick-setup screens come with onboarding). */
export function ModuleLayout() {
  return <ShellLayout />;
}

/** Doctor layout: header plus the patient-queue sidebar of spec 2.8. */
export function DoctorLayout() {
  return <ShellLayout sidebar={<DoctorQueueSidebar />} />;
}

/** Lab layout: header plus the lab / MCU patient sidebar of spec 2.7. */
export function LabLayout() {
  return <ShellLayout sidebar={<LabSidebar variant="lab" />} />;
}

/** Physio layout: the same sidebar in its physio variant (opens Physio and broadcasts the patient). */
export function PhysioLayout() {
  return <ShellLayout sidebar={<LabSidebar variant="physio" />} />;
}
