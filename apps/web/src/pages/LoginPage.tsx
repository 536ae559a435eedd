/** The credential for this browser tab: a person's signed token or an API key, kept in session storage only. */
import { FormEvent, useState } from 'react';
import { credential } from '../api';
import { useT } from '../language';

export function LoginPage() {
  const tr = useT();
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
      <h1>{tr.t('web:login.title')}</h1>
      <p>
        {tr.t('web:login.paste')} (<code>casino-audit credentials issue</code>). {tr.t('web:login.stays')}
      </p>
      <form onSubmit={submit} className="filters">
        <label>
          {tr.t('web:login.field')}
          <input name="credential" type="password" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} required />
        </label>
        <button type="submit">{tr.t('web:login.use')}</button>
        {saved && (
          <button
            type="button"
            onClick={() => {
              credential.clear();
              setSaved(false);
            }}
          >
            {tr.t('web:login.forget')}
          </button>
        )}
      </form>
    </article>
  );
}
