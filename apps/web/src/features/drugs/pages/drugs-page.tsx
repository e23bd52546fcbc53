// TODO(helper): replaced by the real screen in this session
export function DrugsPage() {
  return null;
}
