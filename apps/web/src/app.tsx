import { LanguageSelector, useT } from './language';
import { AccessLogPage } from './pages/AccessLogPage';
import { InspectorPage } from './pages/InspectorPage';
import { JackpotsPage } from './pages/JackpotsPage';
import { LoginPage } from './pages/LoginPage';
import { ReplayPage } from './pages/ReplayPage';
import { RoundSearch } from './pages/RoundSearch';
import { SessionClosePage } from './pages/SessionClosePage';
import { SessionsPage } from './pages/SessionsPage';
import { StatisticsPage } from './pages/StatisticsPage';
import { useRoute } from './router';

export function App() {
  const tr = useT();
  const { path, query } = useRoute();
  let page;
  let current = path[0] ?? '';
  if (path[0] === 'rounds' && path[1]) page = <ReplayPage roundId={path[1]} step={Number(query.get('step')) || 0} full={query.get('full') === '1'} />;
  else if (path[0] === 'rounds') page = <RoundSearch query={query} />;
  else if (path[0] === 'sessions' && path[1]) page = <SessionClosePage sessionId={path[1]} />;
  else if (path[0] === 'inspector') page = <InspectorPage query={query} />;
  else if (path[0] === 'performance') page = <StatisticsPage query={query} />;
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
      <a className="skip" href="#main">
        {tr.t('web:nav.skip')}
      </a>
      <header className="top no-print">
        <span className="brand">casino-audit</span>
        <nav aria-label={tr.t('web:nav.label')}>
          {link('', tr.t('web:nav.sessions'))}
          {link('rounds', tr.t('web:nav.replay'))}
          {link('inspector', tr.t('web:nav.inspector'))}
          {link('performance', tr.t('web:nav.statistics'))}
          {link('jackpots', tr.t('web:nav.jackpots'))}
          {link('access-log', tr.t('web:nav.accessLog'))}
          {link('login', tr.t('web:nav.credential'))}
        </nav>
        <LanguageSelector />
      </header>
      <main id="main" tabIndex={-1}>
        {page}
      </main>
    </>
  );
}
