import { Input, Kbd } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { type ReactNode, type Ref, useEffect, useId, useRef } from 'react';
import classes from './front-office.module.css';

/**
 * A choice of a few options as segments that wrap on narrow screens: native radios underneath,
 * so ←/→ move the choice and the focus ring shows where the keyboard is.
 */
export function Segments<V extends string>({
  label,
  options,
  value,
  onChange,
  error,
  required,
  groupRef,
}: {
  label: string;
  options: { value: V; label: ReactNode; shortcut?: string }[];
  value: V;
  onChange: (value: V) => void;
  error?: ReactNode;
  required?: boolean;
  groupRef?: Ref<HTMLDivElement>;
}) {
  const name = useId();
  const own = useRef<HTMLDivElement>(null);
  const ref = useMergedRef(own, groupRef);
  // a choice made by shortcut while the focus is in the group takes the focus along
  useEffect(() => {
    const group = own.current;
    if (!group?.contains(document.activeElement)) return;
    for (const input of group.querySelectorAll('input')) if (input.value === value) input.focus();
  }, [value]);
  return (
    <Input.Wrapper label={label} labelElement="div" required={required} error={error}>
      <div
        ref={ref}
        role="radiogroup"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        className={classes.segments}
      >
        {options.map((o) => (
          <label key={o.value} className={classes.segment} data-checked={o.value === value || undefined}>
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={o.value === value}
              onChange={() => onChange(o.value)}
              className={classes.segmentInput}
            />
            {o.shortcut && (
              <Kbd size="xs" aria-hidden className={classes.segmentKey}>
                {o.shortcut}
              </Kbd>
            )}
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </Input.Wrapper>
  );
}
