/** The credential for this browser tab: a person's signed token or an API key, kept in session storage only. */
import { FormEvent, useState } from 'react';
import { credential } from '../api';

export function LoginPage() {
  const [value, setValue] = useState('');
  const [saved, setSaved] = useState(!!credential.get());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    credential.set(value);
    setSaved(true);
    history.back();
  };
  return (
    <article>
      <h1>Credential</h1>
      <p>
        Paste the token or API key issued to you (<code>casino-audit credentials issue</code>). It stays in this tab only and is sent with every
        request.
      </p>
      <form onSubmit={submit} className="filters">
        <label>
          Token or API key
          <input name="credential" type="password" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} required />
        </label>
        <button type="submit">Use it</button>
        {saved && (
          <button
            type="button"
            onClick={() => {
              credential.clear();
              setSaved(false);
            }}
          >
            Forget the current one
          </button>
        )}
      </form>
    </article>
  );
}
