/**
 * Statistics (issue 21 §7): is a table's result luck? For a gaming day, each table's running actual −
 * theoretical win inside its ±2σ and ±3σ bands (a control chart per table), the findings with the figures
 * behind them (handle, actual, theoretical, σ, z, p and Benjamini–Hochberg's threshold), the figures per
 * croupier (the API answers them to compliance and inspectors only), the players whose stakes follow the
 * shoe's count (GET /advantage-play, asked only for the readers the API shows croupiers to: the same roles, so
 * no one else's view leaves a refused read of people's figures in the access log), the CUSUM across days, and
 * each wheel's pockets as a heat map on the wheel's own layout with its goodness-of-fit tests.
 */
import type { Translator } from '../../../../libs/i18n/src';
import { ADVANTAGE_MIN_ROUNDS } from '../../../../libs/projections/src/players/advantage-play';
import { wheelOf, type WheelKind } from '../../../../libs/rules/src/core/wheel';
import { getJson } from '../api';
import { ControlChart, WheelHeatMap } from '../charts';
import { useLoad, Loading } from '../components/Async';
import { ALL, Filters, filtersOf, gamingDayField } from '../components/Filters';
import { Head } from '../components/Head';
import { gameName } from '../games';
import { term, useT } from '../language';
import { navigate } from '../router';

interface Figures {
  rounds: number;
  handle: number;
  actualWin: number;
  theoreticalWin: number;
  sd: number;
  z: number | null;
  p: number | null;
  staffRounds: number;
}

interface Line extends Figures {
  casinoId: string;
  subject: string;
  tableId: string | null;
  games: string[];
}

interface Finding {
  level: 'session' | 'table' | 'croupier';
  subject: string;
  tableId: string | null;
  games: string[];
  rounds: number;
  handle: number;
  actualWin: number;
  theoreticalWin: number;
  sd: number;
  z: number;
  p: number;
  adjustedP: number;
  tested: number;
  fdr: number;
  discoveries?: number;
  threshold?: number;
  direction: 'house-below' | 'house-above';
}

interface Cusum {
  casinoId: string;
  level: 'table' | 'croupier';
  subject: string;
  statistic: number;
  threshold: number | null;
  days: number;
  alarm: boolean;
  alarmDay: string | null;
  detection: string;
  /** the same in the chosen language (the API words it from Accept-Language) */
  detectionInLanguage?: string;
}

interface PerformanceAnswer {
  gamingDay: string;
  settings: { fdr: number; minRounds: number; leak: number; alarmDays: number };
  croupiersShown: boolean;
  tables: Line[];
  croupiers: Line[];
  findings: Finding[];
  cusum: Cusum[];
  charts: Array<{ casinoId: string; tableId: string; points: Array<{ round: number; roundId: string; difference: number; sd: number }> }>;
}

interface AdvantagePlayAnswer {
  casinoId: string;
  fdr: number;
  tested: Array<{
    playerRef: string;
    tables: string[];
    rounds: number;
    shoes: number;
    r: number;
    z: number;
    p: number;
    adjustedP: number;
    threshold: number;
    finding: boolean;
    stakeFactorPerCount: number;
  }>;
  untested: number;
  /** facts of the day out of the store (archive --drop): the casino's day was not tested */
  archived: { sessions: string[]; months: Array<{ month: string; file: string }> } | null;
}

/** The day's players tested at each casino of the performance answer (one test per casino), the findings first. */
function PlayersSection({ day, casinos, minRounds }: { day: string; casinos: string[]; minRounds: number }) {
  const tr = useT();
  const key = casinos.join('|');
  const answers = useLoad(
    () => Promise.all(casinos.map((c) => getJson<AdvantagePlayAnswer>(`/api/v1/advantage-play?${new URLSearchParams({ gamingDay: day, casino: c })}`))),
    [day, key],
  );
  const rows = (answers.data ?? []).flatMap((a) => a.tested.map((t) => ({ ...t, casinoId: a.casinoId, fdr: a.fdr })));
  rows.sort((a, b) => Number(b.finding) - Number(a.finding) || a.p - b.p);
  const untested = (answers.data ?? []).reduce((n, a) => n + a.untested, 0);
  const fdr = answers.data?.[0]?.fdr;
  // a casino whose day has facts out of the store was not tested: said, never shown as a day without findings
  const archived = (answers.data ?? []).filter((a) => a.archived);
  const everyArchived = archived.length > 0 && archived.length === answers.data?.length;
  return (
    <>
      {fdr !== undefined && <p className="muted">{tr.t('web:statistics.playersExplain', { fdr: percent(tr, fdr), minRounds: tr.number(minRounds) })}</p>}
      {archived.length > 0 && (
        <p className="warning" data-archived={archived.map((a) => a.casinoId).join(' ')}>
          {tr.t('web:statistics.archived', {
            casinos: archived.map((a) => a.casinoId).join(', '),
            months: [...new Set(archived.flatMap((a) => a.archived!.months.map((m) => m.month)))].join(', '),
          })}
        </p>
      )}
      {!answers.data ? (
        <Loading error={answers.error} />
      ) : everyArchived ? null : rows.length === 0 ? (
        <p>{tr.t('web:statistics.noPlayers')}</p>
      ) : (
        <table className="advantage-play">
          <Head
            cols={[
              'web:col.casino',
              'web:statistics.player',
              'web:col.table',
              ['web:col.rounds', 'num'],
              ['web:statistics.shoes', 'num'],
              ['web:statistics.r', 'num'],
              ['web:statistics.z', 'num'],
              ['web:statistics.p', 'num'],
              ['web:statistics.adjustedP', 'num'],
              ['web:statistics.threshold', 'num'],
              ['web:statistics.stakeFactor', 'num'],
              'web:statistics.fitStatus.finding',
            ]}
          />
          <tbody>
            {rows.map((t) => (
              <tr key={`${t.casinoId}|${t.playerRef}`} data-player={t.playerRef} data-finding={t.finding} className={t.finding ? 'flagged' : undefined}>
                <td>{t.casinoId}</td>
                <td>{t.playerRef}</td>
                <td>{t.tables.join(', ')}</td>
                <td className="num">{tr.number(t.rounds)}</td>
                <td className="num">{tr.number(t.shoes)}</td>
                <td className="num">{tr.number(t.r, 3)}</td>
                <td className="num">{signed(tr, t.z)}</td>
                <td className="num">{probability(tr, t.p)}</td>
                <td className="num">{probability(tr, t.adjustedP)}</td>
                <td className="num">{probability(tr, t.threshold)}</td>
                <td className="num">{tr.number(t.stakeFactorPerCount, 2)}</td>
                <td>{tr.t(`web:statistics.playerVerdict.${t.finding ? 'finding' : 'none'}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {untested > 0 && <p className="muted">{tr.t('web:statistics.untested', { count: tr.number(untested) })}</p>}
    </>
  );
}

interface EquipmentTest {
  test: 'pockets' | 'sectors' | 'faces' | 'sums';
  statistic: number;
  degreesOfFreedom: number;
  p: number;
  status: 'finding' | 'pass' | 'too-few';
  adjustedP: number | null;
  width?: number;
}

interface EquipmentAnswer {
  level: number;
  rows: Array<{
    casinoId: string;
    tableId: string;
    kind: 'wheel' | 'dice';
    game: string;
    jurisdiction: string;
    setId: string;
    wheel?: WheelKind | null;
    observations: number;
    firstDay: string;
    lastDay: string;
    cells: Array<{ key: string; observed: number; expected: number }>;
    tests: EquipmentTest[];
    power: { factor: number; level: number; power: number; spinsNeeded: number; spinsRecorded: number } | null;
    notes: string[];
    /** the notes in the chosen language (the API words them from Accept-Language) */
    notesInLanguage?: string[];
  }>;
}

/** A probability as a reader takes it in: 0,0123 down to a thousandth, 2,7 × 10⁻⁵ below. */
export function probability(tr: Translator, p: number | null | undefined): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return '—';
  if (p === 0 || p >= 0.001) return tr.number(p, p >= 0.1 ? 2 : 4);
  let exponent = Math.floor(Math.log10(p));
  // 9.96 × 10⁻⁵ is written 1.0 × 10⁻⁴, not 10.0 × 10⁻⁵
  if (Number((p / 10 ** exponent).toFixed(1)) >= 10) exponent += 1;
  const superscript = String(exponent).replace(/[-\d]/g, (d) => '⁻⁰¹²³⁴⁵⁶⁷⁸⁹'['-0123456789'.indexOf(d)]);
  return `${tr.number(p / 10 ** exponent, 1)} × 10${superscript}`;
}

/** An amount of minor units that statistics gives with decimals (a theoretical win, a σ), to the cent. */
export const toTheCent = (tr: Translator, minor: number) => tr.money(Math.round(minor) || 0);

/** A share as a percentage, to three decimals at most (`1 %`, `0.5 %`, `90 %`). */
const percent = (tr: Translator, share: number) => `${tr.number(100 * share)} %`;
const signed = (tr: Translator, z: number | null) => (z === null ? '—' : tr.number(z, 2));

/** The columns of a subject's figures, the same in every table of the page. */
const FIGURE_COLUMNS = [
  ['web:col.rounds', 'num'],
  ['web:statistics.handle', 'num'],
  ['web:statistics.actual', 'num'],
  ['web:statistics.theoretical', 'num'],
  ['web:statistics.sd', 'num'],
  ['web:statistics.z', 'num'],
  ['web:statistics.p', 'num'],
] as const;

function FigureCells({ f }: { f: Figures }) {
  const tr = useT();
  return (
    <>
      <td className="num">{tr.number(f.rounds)}</td>
      <td className="num">{toTheCent(tr, f.handle)}</td>
      <td className="num">{toTheCent(tr, f.actualWin)}</td>
      <td className="num">{toTheCent(tr, f.theoreticalWin)}</td>
      <td className="num">{toTheCent(tr, f.sd)}</td>
      <td className="num">{signed(tr, f.z)}</td>
      <td className="num">{probability(tr, f.p)}</td>
    </>
  );
}

/** A pocket's colour on its wheel, from the rules' own wheel. */
const colours = (kind: WheelKind) => {
  const spec = wheelOf(kind);
  return (pocket: string) =>
    spec.zeros.some((z) => String(z) === pocket)
      ? 'zero'
      : [...spec.red].some((r) => String(r) === pocket)
        ? 'red'
        : [...spec.black].some((b) => String(b) === pocket)
          ? 'black'
          : undefined;
};

export function StatisticsPage({ query }: { query: URLSearchParams }) {
  const tr = useT();
  const filters = filtersOf(query, ['gamingDay', 'casino', 'table'] as const);
  const { gamingDay, casino, table } = filters;
  const days = useLoad(() => getJson<{ gamingDays: string[] }>('/api/v1/sessions'), []);
  const day = gamingDay || days.data?.gamingDays[0] || '';
  const qs = new URLSearchParams(Object.entries({ gamingDay: day, casino, table }).filter(([, v]) => v)).toString();
  const equipmentQs = new URLSearchParams(Object.entries({ casino, table }).filter(([, v]) => v)).toString();
  const performance = useLoad(() => (day ? getJson<PerformanceAnswer>(`/api/v1/performance?${qs}`) : Promise.resolve(null)), [qs]);
  const equipment = useLoad(() => getJson<EquipmentAnswer>(`/api/v1/equipment${equipmentQs ? `?${equipmentQs}` : ''}`), [equipmentQs]);
  const r = performance.data;
  const wheels = equipment.data?.rows.filter((w) => w.kind === 'wheel' && w.setId === '') ?? [];
  return (
    <article className="statistics">
      <h1>{day ? tr.t('web:statistics.titleOn', { day: tr.date(day) }) : tr.t('web:statistics.title')}</h1>
      <Filters
        className="filters no-print"
        initial={filters}
        fields={[
          gamingDayField('statistics-days', days.data?.gamingDays, day),
          { name: 'casino', label: 'web:col.casino', placeholder: ALL },
          { name: 'table', label: 'web:field.table', placeholder: ALL },
        ]}
        submitLabel="web:field.show"
        onSubmit={(values) => navigate(['performance'], values)}
      />
      {!r ? (
        <Loading error={performance.error ?? days.error}>{!day && days.data ? <p>{tr.t('web:inspector.noDay')}</p> : undefined}</Loading>
      ) : (
        <>
          <p className="muted">{tr.t('web:statistics.explain', { fdr: percent(tr, r.settings.fdr), minRounds: tr.number(r.settings.minRounds) })}</p>
          <section aria-labelledby="statistics-tables">
            <h2 id="statistics-tables">{tr.t('web:statistics.tables')}</h2>
            <table className="performance-tables">
              <Head cols={['web:col.casino', 'web:col.table', 'web:col.game', ...FIGURE_COLUMNS]} />
              <tbody>
                {r.tables.map((t) => (
                  <tr key={`${t.casinoId}|${t.subject}`} data-table={t.subject}>
                    <td>{t.casinoId}</td>
                    <td>{t.subject}</td>
                    <td>{t.games.map((g) => gameName(tr.lang, g)).join(', ')}</td>
                    <FigureCells f={t} />
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section aria-labelledby="statistics-charts">
            <h2 id="statistics-charts">{tr.t('web:statistics.charts')}</h2>
            <p className="muted">{tr.t('web:statistics.chartsExplain')}</p>
            {r.charts.length === 0 && <p>{tr.t('web:statistics.noRounds')}</p>}
            <div className="chart-grid">
              {r.charts.map((c) => (
                <div key={`${c.casinoId}|${c.tableId}`} data-casino={c.casinoId} data-table={c.tableId}>
                  <ControlChart
                    title={tr.t('web:statistics.chartOf', { table: c.tableId, casino: c.casinoId })}
                    points={c.points}
                    format={(v) => toTheCent(tr, v)}
                  />
                </div>
              ))}
            </div>
          </section>
          <section aria-labelledby="statistics-findings">
            <h2 id="statistics-findings">{tr.t('web:statistics.findings', { count: r.findings.length })}</h2>
            {r.findings.length === 0 ? (
              <p>{tr.t('web:statistics.noFindings')}</p>
            ) : (
              <table className="performance-findings">
                <Head
                  cols={[
                    'web:statistics.level',
                    'web:statistics.subject',
                    'web:col.table',
                    ...FIGURE_COLUMNS,
                    ['web:statistics.adjustedP', 'num'],
                    ['web:statistics.threshold', 'num'],
                    'web:statistics.direction',
                  ]}
                />
                <tbody>
                  {r.findings.map((f) => (
                    <tr key={`${f.level}|${f.subject}`} className="flagged" data-level={f.level} data-subject={f.subject}>
                      <td>{term(tr, 'statistics.levels', f.level)}</td>
                      <td>{f.subject}</td>
                      <td>{f.tableId ?? '—'}</td>
                      <FigureCells f={{ ...f, staffRounds: 0 }} />
                      <td className="num">{probability(tr, f.adjustedP)}</td>
                      <td className="num" title={tr.t('web:statistics.thresholdHow', { k: f.discoveries ?? '?', m: f.tested, fdr: percent(tr, f.fdr) })}>
                        <span className="threshold">
                          {f.threshold === undefined ? tr.t('web:statistics.adjustedAtMost', { fdr: percent(tr, f.fdr) }) : probability(tr, f.threshold)}
                        </span>
                        <div className="muted">{tr.t('web:statistics.ofTested', { k: f.discoveries ?? '?', m: f.tested, fdr: percent(tr, f.fdr) })}</div>
                      </td>
                      <td>{term(tr, 'statistics.directions', f.direction)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-labelledby="statistics-croupiers">
            <h2 id="statistics-croupiers">{tr.t('web:statistics.croupiers')}</h2>
            {!r.croupiersShown ? (
              <p className="muted croupiers-hidden">{tr.t('web:statistics.croupiersHidden')}</p>
            ) : (
              <table className="performance-croupiers">
                <Head cols={['web:col.casino', 'web:statistics.croupier', ...FIGURE_COLUMNS, ['web:statistics.staffRounds', 'num']]} />
                <tbody>
                  {r.croupiers.map((c) => (
                    <tr
                      key={`${c.casinoId}|${c.subject}`}
                      data-croupier={c.subject}
                      className={r.findings.some((f) => f.level === 'croupier' && f.subject === c.subject) ? 'flagged' : undefined}
                    >
                      <td>{c.casinoId}</td>
                      <td>{c.subject}</td>
                      <FigureCells f={c} />
                      <td className="num">{tr.number(c.staffRounds)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-labelledby="statistics-players">
            <h2 id="statistics-players">{tr.t('web:statistics.players')}</h2>
            {!r.croupiersShown ? (
              <p className="muted players-hidden">{tr.t('web:statistics.playersHidden')}</p>
            ) : (
              <PlayersSection
                day={r.gamingDay}
                casinos={casino ? [casino] : [...new Set(r.tables.map((t) => t.casinoId))].sort()}
                minRounds={ADVANTAGE_MIN_ROUNDS}
              />
            )}
          </section>
          <section aria-labelledby="statistics-cusum">
            <h2 id="statistics-cusum">{tr.t('web:statistics.cusum')}</h2>
            <p className="muted">{tr.t('web:statistics.cusumExplain', { leak: percent(tr, r.settings.leak), days: tr.number(r.settings.alarmDays) })}</p>
            <table className="performance-cusum">
              <Head
                cols={[
                  'web:statistics.level',
                  'web:statistics.subject',
                  ['web:statistics.days', 'num'],
                  ['web:statistics.statistic', 'num'],
                  ['web:statistics.cusumThreshold', 'num'],
                  'web:statistics.alarm',
                  'web:statistics.detection',
                ]}
              />
              <tbody>
                {r.cusum.map((c) => (
                  <tr key={`${c.casinoId}|${c.level}|${c.subject}`} className={c.alarm ? 'flagged' : undefined}>
                    <td>{term(tr, 'statistics.levels', c.level)}</td>
                    <td>{c.subject}</td>
                    <td className="num">{tr.number(c.days)}</td>
                    <td className="num">{tr.number(c.statistic, 2)}</td>
                    <td className="num">{c.threshold === null ? '—' : tr.number(c.threshold, 2)}</td>
                    <td>{c.alarm ? tr.t('web:statistics.alarmSince', { day: c.alarmDay ? tr.date(c.alarmDay) : '—' }) : tr.t('web:statistics.noAlarm')}</td>
                    <td data-server-text>{c.detectionInLanguage ?? c.detection}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
      <section aria-labelledby="statistics-wheels">
        <h2 id="statistics-wheels">{tr.t('web:statistics.wheels')}</h2>
        {!equipment.data ? (
          <Loading error={equipment.error} />
        ) : wheels.length === 0 ? (
          <p>{tr.t('web:statistics.noWheels')}</p>
        ) : (
          <div className="chart-grid">
            {wheels.map((w) => (
              <div
                key={`${w.casinoId}|${w.tableId}|${w.game}`}
                className="wheel"
                data-casino={w.casinoId}
                data-table={w.tableId}
                data-wheel={w.wheel ?? 'cells'}
              >
                <WheelHeatMap
                  title={tr.t('web:statistics.wheelOf', {
                    table: w.tableId,
                    game: gameName(tr.lang, w.game),
                    spins: tr.number(w.observations),
                    from: tr.date(w.firstDay),
                    to: tr.date(w.lastDay),
                  })}
                  cells={w.cells}
                  order={w.wheel ? wheelOf(w.wheel).order.map(String) : null}
                  colourOf={w.wheel ? colours(w.wheel) : undefined}
                />
                <ul className="fit-tests">
                  {w.tests.map((t) => (
                    <li key={t.test} data-test={t.test} data-p={t.p} className={t.status === 'finding' ? 'flagged' : undefined}>
                      {t.test === 'sectors' ? tr.t('web:statistics.fit.sectors', { width: t.width ?? 0 }) : tr.t('web:statistics.fit.pockets')}: χ² ={' '}
                      {tr.number(t.statistic, 1)}, {tr.t('web:statistics.df', { df: t.degreesOfFreedom })}, p = {probability(tr, t.p)}
                      {t.adjustedP !== null && <> ({tr.t('web:statistics.adjustedPIs', { p: probability(tr, t.adjustedP) })})</>} —{' '}
                      {term(tr, 'statistics.fitStatus', t.status)}
                    </li>
                  ))}
                </ul>
                {w.power && (
                  <p className="muted power">
                    {tr.t('web:statistics.power', {
                      factor: tr.number(w.power.factor, 1),
                      power: percent(tr, w.power.power),
                      level: percent(tr, w.power.level),
                      needed: tr.number(w.power.spinsNeeded),
                      recorded: tr.number(w.power.spinsRecorded),
                    })}
                  </p>
                )}
                {(w.notesInLanguage ?? w.notes).map((n) => (
                  <p key={n} className="note" data-server-text>
                    {n}
                  </p>
                ))}
              </div>
            ))}
          </div>
        )}
      </section>
    </article>
  );
}
