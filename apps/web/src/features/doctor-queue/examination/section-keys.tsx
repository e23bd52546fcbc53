import { Button, Group, Kbd, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The sections Alt+1..6 jump to, in the order of the note. */
export const SECTIONS = ['vitals', 'soap', 'diagnoses', 'procedures', 'prescription', 'orders'] as const;
export type Section = (typeof SECTIONS)[number];
export const sectionId = (s: Section | 'referral') => `exam-${s}`;

/** The jump buttons and the keyboard hints under the save status. */
export function KeyHints({ onJump }: { onJump: (s: Section) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap" aria-label={t('examination.jump.label')} role="navigation">
      {SECTIONS.map((s, i) => (
        <Button
          key={s}
          size="compact-xs"
          variant="subtle"
          color="gray"
          onClick={() => onJump(s)}
          rightSection={
            <Kbd size="xs" aria-hidden>
              {i + 1}
            </Kbd>
          }
        >
          {t(`examination.jump.${s}`)}
        </Button>
      ))}
      <Text size="xs" c="dimmed" data-testid="key-hints">
        {[
          t('examination.hints.sections'),
          t('examination.hints.search'),
          t('examination.hints.finish'),
          t('examination.hints.next'),
        ].join(' · ')}
      </Text>
    </Group>
  );
}

/** Alt+1..6 jumps to a section and Ctrl+Enter finishes, from inside the fields too. */
export function useSectionKeys(jump: (s: Section) => void, requestFinish: () => void) {
  const requestFinishRef = useRef(requestFinish);
  requestFinishRef.current = requestFinish;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && !e.ctrlKey && !e.metaKey) {
        const n = /^Digit([1-6])$/.exec(e.code)?.[1] ?? (/^[1-6]$/.test(e.key) ? e.key : null);
        if (n) {
          e.preventDefault();
          jump(SECTIONS[Number(n) - 1]);
        }
      } else if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
        e.preventDefault();
        requestFinishRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [jump]);
}
