// TODO(helper): replaced by the real screen in this session
export function EmrSearchPage() {
  return null;
}
