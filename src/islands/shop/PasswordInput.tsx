import { useId, useState, type InputHTMLAttributes } from 'react';

/** A password box with a "Show password" toggle (a real checkbox, so it is announced and keyboardable). */
export function PasswordInput(props: InputHTMLAttributes<HTMLInputElement>) {
  const [visible, setVisible] = useState(false);
  const toggleId = useId();
  return (
    <>
      <input {...props} type={visible ? 'text' : 'password'} />
      <label className="checkbox show-password" htmlFor={toggleId}>
        <input id={toggleId} type="checkbox" checked={visible} onChange={(e) => setVisible(e.target.checked)} />
        Show password
      </label>
    </>
  );
}
