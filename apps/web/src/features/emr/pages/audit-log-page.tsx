// TODO(helper): replaced by the real screen in this session
export function AuditLogPage() {
  return null;
}
