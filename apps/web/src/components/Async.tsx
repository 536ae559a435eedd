import { ReactNode, useEffect, useState } from 'react';

/** Load data for a page; show loading and errors in words a person can act on. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data?: T; error?: string; reload: () => void } {
  const [state, setState] = useState<{ data?: T; error?: string }>({});
  const [tick, setTick] = useState(0);
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
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);
  return { ...state, reload: () => setTick((t) => t + 1) };
}

export function Loading({ error, children }: { error?: string; children?: ReactNode }) {
  if (error) {
    const auth = /^40[13]/.test(error);
    return (
      <p role="alert" className="error">
        {error}
        {auth && (
          <>
            {' '}
            — <a href="#/login">enter a credential</a>
          </>
        )}
      </p>
    );
  }
  return children ? <>{children}</> : <p aria-live="polite">Loading…</p>;
}
