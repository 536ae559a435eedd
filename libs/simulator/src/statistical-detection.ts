/**
 * The statistical record (issue 21 §6): the injections only statistics can see, held against what the product
 * computed — the performance findings per table and croupier (house below its edge), the equipment tests, the
 * players whose stakes follow the count — never against the manifest's own facts. Each injection is found
 * when the test it names raised a finding on its subject, after the rounds that subject had; every other
 * finding is false unless it stands where an injection acts (its table, a croupier who dealt there, the
 * injected player): a croupier's favourite costs her table too, and stacked throws are not fair dice.
 */
import type { AdvantagePlayFinding } from '../../projections/src/players/advantage-play';
import type { EquipmentRow } from '../../projections/src/equipment/equipment-report';
import type { PerformanceFigures, PerformanceFinding } from '../../projections/src/performance/performance-findings';
import type { InjectedError } from './injected-error';
import type { TablePlan } from './table-plan';
import { inEnglish, statement, type Statement } from './statement';

/** What the product computed for the casino (the days the injections played). */
export interface StatisticalEvidence {
  readonly performance: readonly PerformanceFinding[];
  /** the performance figures per table, to show a table's result where no finding was raised */
  readonly tables: ReadonlyArray<PerformanceFigures & { subject: string }>;
  readonly equipment: readonly EquipmentRow[];
  readonly advantage: readonly AdvantagePlayFinding[];
  /** the round record's count of the injections it also catches in their rounds (bets recorded smaller are overpaid there), by kind */
  readonly roundRecord?: Readonly<Record<string, { injected: number; found: number }>>;
}

export interface StatisticalEntry {
  readonly kind: string;
  readonly tableId: string;
  /** the subject the test must name: the table, the croupier, the player */
  readonly subject: string;
  readonly test: string;
  readonly found: boolean;
  /** what found it: a statistical test, or the rounds' own verdicts (an overpayment in its round) */
  readonly foundBy: 'statistics' | 'round record' | null;
  /** the subject's rounds (spins, throws) when it was read: found after these, or not found within them */
  readonly rounds: number | null;
  /** the finding's own words, or the subject's figures where none was raised (English) */
  readonly evidence: string;
  /** other findings the injection explains (its table's result, its croupier, its dice) (English) */
  readonly alsoFound: readonly string[];
  /** the same two as statements, to word in the reader's language (issue 16) */
  readonly said: { readonly evidence: Statement; readonly alsoFound: readonly Statement[] };
}

export interface StatisticalDetection {
  readonly injected: number;
  readonly found: number;
  readonly entries: readonly StatisticalEntry[];
  /** findings no injection explains (English) */
  readonly falseFindings: readonly string[];
  /** the same as statements, to word in the reader's language */
  readonly falseFindingsSaid: readonly Statement[];
}

/** a set of dice by its size where the facts list every serial (issued:S1+S2+…), else as the read model names it */
const setLabel = (setId: string): string | Statement =>
  setId.startsWith('issued:') ? statement('demo.evidence.diceIssued', { count: { count: setId.split('+').length } }) : setId;
const z2 = (z: number) => ({ fixed: z, digits: 2 });
const signed = (z: number | null) => (z === null ? '—' : z2(z));
/** minor units as units with two decimals (the contract's amounts are in minor units) */
const money = (minor: number) => ({ fixed: minor / 100, digits: 2 });
const p1 = (p: number) => ({ exponent: p, digits: 1 });
const count = (n: number) => ({ count: n });
/** a test by the name the read model gives it (pockets, sectors, faces, sums) */
const testName = (test: string) => statement('demo.evidence.test', { test });

/** A performance finding, as the record states it. */
const performanceFinding = (f: PerformanceFinding): Statement =>
  statement('demo.evidence.performance', {
    level: f.level,
    subject: f.subject,
    direction: f.direction === 'house-below' ? 'below' : 'above',
    z: z2(f.z),
    rounds: count(f.rounds),
    adjustedP: p1(f.adjustedP),
  });

/** A player whose stakes follow the count, as the record states it (the finding's own message, in any language). */
const advantageFinding = (a: AdvantagePlayFinding): Statement =>
  statement('demo.evidence.advantage', {
    player: a.playerRef,
    factor: { fixed: a.stakeFactorPerCount, digits: 2 },
    r: { fixed: a.r, digits: 2 },
    rounds: count(a.rounds),
    shoes: count(a.shoes),
    z: z2(a.z),
    p: { exponent: a.p, digits: 2 },
    tested: count(a.tested),
    adjustedP: { exponent: a.adjustedP, digits: 2 },
    fdr: { number: a.fdr },
  });

export function statisticalDetection(injected: readonly InjectedError[], plans: readonly TablePlan[], evidence: StatisticalEvidence): StatisticalDetection {
  const statistical = injected.filter((i) => i.detector === 'statistics');
  const injectedTables = new Set(statistical.map((i) => i.tableId!));
  const croupiersAt = (tableId: string) => plans.find((p) => p.tableId === tableId)?.staff.croupiers ?? [];
  const injectedCroupiers = new Set([...injectedTables].flatMap(croupiersAt));
  const players = new Set(statistical.filter((i) => i.test === 'count-correlation').map((i) => i.playerRef!));
  // the dice or wheel of a table whose outcomes were faulty or stacked
  const skewedEquipment = new Set(
    statistical.filter((i) => i.test === 'pockets' || i.test === 'sectors' || i.test === 'faces' || i.test === 'croupier-result').map((i) => i.tableId!),
  );

  const equipmentFindings = evidence.equipment.flatMap((row) =>
    row.tests
      .filter((t) => t.status === 'finding')
      .map((t) => ({
        row,
        t,
        name: statement('demo.evidence.equipment', {
          table: row.tableId,
          set: row.setId ? setLabel(row.setId) : 'none',
          test: testName(t.test),
          chi: { fixed: t.statistic, digits: 1 },
          df: count(t.degreesOfFreedom),
          p: p1(t.p),
          adjustedP: p1(t.adjustedP!),
          observations: count(row.observations),
          kind: row.kind,
          cells: count(t.observations),
          cellKind: t.test === 'faces' ? 'faces' : 'sums',
        }),
      })),
  );

  const entries: StatisticalEntry[] = statistical.map((i) => {
    const tableId = i.tableId!;
    const atTable = [
      ...evidence.performance
        .filter((f) => f.tableId === tableId || (f.level === 'croupier' && croupiersAt(tableId).includes(f.subject)))
        .map(performanceFinding),
      ...equipmentFindings.filter((e) => e.row.tableId === tableId).map((e) => e.name),
    ];
    const entry = (subject: string, found: Statement | null, rounds: number | null, otherwise: Statement, byRounds = false): StatisticalEntry => {
      const said = { evidence: found ?? otherwise, alsoFound: atTable.filter((n) => !found || inEnglish(n) !== inEnglish(found)) };
      return {
        kind: i.kind,
        tableId,
        subject,
        test: i.test!,
        found: found !== null || byRounds,
        foundBy: found !== null ? 'statistics' : byRounds ? 'round record' : null,
        rounds,
        evidence: inEnglish(said.evidence),
        alsoFound: said.alsoFound.map(inEnglish),
        said,
      };
    };
    switch (i.test) {
      case 'pockets':
      case 'sectors':
      case 'faces': {
        const row = evidence.equipment.find((r) => r.tableId === tableId && r.setId === '');
        const test = row?.tests.find((t) => t.test === i.test);
        const hit = equipmentFindings.find((e) => e.row === row && e.t === test);
        return entry(
          tableId,
          hit?.name ?? null,
          row?.observations ?? null,
          test
            ? statement('demo.evidence.testStatus', { test: testName(i.test), status: test.status === 'too-few' ? 'tooFew' : test.status, p: p1(test.p) })
            : statement('demo.evidence.notTested'),
        );
      }
      case 'count-correlation': {
        const f = evidence.advantage.find((a) => a.playerRef === i.playerRef);
        return entry(i.playerRef!, f ? advantageFinding(f) : null, f?.rounds ?? null, statement('demo.evidence.noAdvantage'));
      }
      case 'croupier-result': {
        const f = evidence.performance.find((p) => p.level === 'croupier' && p.subject === i.croupierId && p.direction === 'house-below');
        return entry(i.croupierId!, f ? performanceFinding(f) : null, f?.rounds ?? null, statement('demo.evidence.noCroupierFinding'));
      }
      default: {
        // a table's result: the table's finding, or its figures where none was raised
        const f = evidence.performance.find((p) => p.level === 'table' && p.tableId === tableId && p.direction === 'house-below');
        const line = evidence.tables.find((t) => t.subject === tableId);
        const figures = line
          ? statement('demo.evidence.tableFigures', {
              actual: money(line.actualWin),
              theoretical: money(line.theoreticalWin),
              z: signed(line.z),
              rounds: count(line.rounds),
            })
          : statement('demo.evidence.noTableFigures');
        // its rounds' own verdicts may have caught it already (a winning bet recorded smaller is overpaid there)
        const rounds = evidence.roundRecord?.[i.kind];
        const byRounds = !!rounds && rounds.found > 0;
        const otherwise = byRounds ? statement('demo.evidence.overpaid', { found: count(rounds.found), injected: count(rounds.injected), figures }) : figures;
        return entry(tableId, f ? performanceFinding(f) : null, f?.rounds ?? line?.rounds ?? null, otherwise, byRounds);
      }
    }
  });

  const falseFindingsSaid = [
    ...evidence.performance
      .filter((f) => !(f.tableId && injectedTables.has(f.tableId)) && !(f.level === 'croupier' && injectedCroupiers.has(f.subject)))
      .map(performanceFinding),
    ...equipmentFindings.filter((e) => !skewedEquipment.has(e.row.tableId)).map((e) => e.name),
    ...evidence.advantage.filter((a) => !players.has(a.playerRef)).map(advantageFinding),
  ];
  return {
    injected: entries.length,
    found: entries.filter((e) => e.found).length,
    entries,
    falseFindings: falseFindingsSaid.map(inEnglish),
    falseFindingsSaid,
  };
}
