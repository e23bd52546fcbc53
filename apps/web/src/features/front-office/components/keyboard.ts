/** Whether a key press is text entry, which single-key shortcuts ('/', 1–6) must leave alone. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  if (target.tagName !== 'INPUT') return false;
  return !['radio', 'checkbox', 'button', 'submit'].includes((target as HTMLInputElement).type);
}
