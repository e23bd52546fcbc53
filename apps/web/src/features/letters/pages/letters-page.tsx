// TODO(helper): replaced by the real screen in this session
export function LettersPage() {
  return null;
}
