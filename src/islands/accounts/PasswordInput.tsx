import { useId, useLayoutEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import type { Person } from '../../shared/password.ts';
import { PasswordStrength } from './PasswordStrength.tsx';
import '../shop/password.css';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  /** For a new password: show its strength as it is typed, judged against this person's name and email. */
  strength?: Person;
};

/**
 * A password box with a "Show password" toggle (a real checkbox, so it is announced and
 * keyboardable). A toggle ticked before the form came alive stays ticked and shows the password:
 * read as the first render commits, like the form kit reads the fields (../ui/useEarlyInput.ts).
 */
export function PasswordInput({ strength, ...props }: Props) {
  const [visible, setVisible] = useState(false);
  const toggleId = useId();
  const toggle = useRef<HTMLInputElement>(null);
  const toggleName = `show-${props.name ?? 'password'}`;

  useLayoutEffect(() => {
    if (toggle.current?.checked) setVisible(true);
  }, []);

  return (
    <>
      <input {...props} type={visible ? 'text' : 'password'} />
      <label className="checkbox show-password" htmlFor={toggleId}>
        <input
          ref={toggle}
          id={toggleId}
          name={toggleName}
          type="checkbox"
          checked={visible}
          onChange={(e) => setVisible(e.target.checked)}
        />
        Show password
      </label>
      {strength ? <PasswordStrength password={String(props.value ?? '')} person={strength} /> : null}
    </>
  );
}
