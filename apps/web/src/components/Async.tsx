import { ReactNode, useEffect, useState } from 'react';
import { useT } from '../language';

/** Load data for a page (again when the language changes: the server's texts come in it); show loading and errors in words a person can act on. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data?: T; error?: string; reload: () => void } {
  const [state, setState] = useState<{ data?: T; error?: string }>({});
  const [tick, setTick] = useState(0);
  const { lang } = useT();
  useEffect(() => {
    let live = true;
    setState({});
    load().then(
      (data) => live && setState({ data }),
      (e: Error) => live && setState({ error: e.message }),
    );
    return () => {
      live = false;
    };
    // `load` is a new function at every render: the caller's deps, the reload tick and the language say when to load again
  }, [...deps, tick, lang]);
  return { ...state, reload: () => setTick((t) => t + 1) };
}

export function Loading({ error, children }: { error?: string; children?: ReactNode }) {
  const tr = useT();
  if (error) {
    const auth = /^40[13]/.test(error);
    return (
      <p role="alert" className="error">
        <span data-server-text>{error}</span>
        {auth && (
          <>
            {' '}
            — <a href="#/login">{tr.t('web:loading.enterCredential')}</a>
          </>
        )}
      </p>
    );
  }
  return children ? <>{children}</> : <p aria-live="polite">{tr.t('web:loading.loading')}</p>;
}
