import { AccessLogPage } from './pages/AccessLogPage';
import { InspectorPage } from './pages/InspectorPage';
import { JackpotsPage } from './pages/JackpotsPage';
import { LoginPage } from './pages/LoginPage';
import { ReplayPage } from './pages/ReplayPage';
import { RoundSearch } from './pages/RoundSearch';
import { SessionClosePage } from './pages/SessionClosePage';
import { SessionsPage } from './pages/SessionsPage';
import { useRoute } from './router';

export function App() {
  const { path, query } = useRoute();
  let page;
  let current = path[0] ?? '';
  if (path[0] === 'rounds' && path[1]) page = <ReplayPage roundId={path[1]} step={Number(query.get('step')) || 0} full={query.get('full') === '1'} />;
  else if (path[0] === 'rounds') page = <RoundSearch query={query} />;
  else if (path[0] === 'sessions' && path[1]) page = <SessionClosePage sessionId={path[1]} />;
  else if (path[0] === 'inspector') page = <InspectorPage query={query} />;
  else if (path[0] === 'jackpots') page = <JackpotsPage />;
  else if (path[0] === 'access-log') page = <AccessLogPage query={query} />;
  else if (path[0] === 'login') page = <LoginPage />;
  else {
    page = <SessionsPage query={query} />;
    current = '';
  }
  const link = (to: string, label: string) => (
    <a href={`#/${to}`} aria-current={current === to ? 'page' : undefined}>
      {label}
    </a>
  );
  return (
    <>
      <header className="top no-print">
        <span className="brand">casino-audit</span>
        <nav aria-label="pages">
          {link('', 'Sessions')}
          {link('rounds', 'Replay')}
          {link('inspector', 'Inspector')}
          {link('jackpots', 'Jackpots')}
          {link('access-log', 'Access log')}
          {link('login', 'Credential')}
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {page}
      </main>
    </>
  );
}
