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
  /** the finding's own words, or the subject's figures where none was raised */
  readonly evidence: string;
  /** other findings the injection explains (its table's result, its croupier, its dice) */
  readonly alsoFound: readonly string[];
}

export interface StatisticalDetection {
  readonly injected: number;
  readonly found: number;
  readonly entries: readonly StatisticalEntry[];
  /** findings no injection explains */
  readonly falseFindings: readonly string[];
}

/** a set of dice by its size where the facts list every serial (issued:S1+S2+…), else as the read model names it */
const setLabel = (setId: string) => (setId.startsWith('issued:') ? `the ${setId.split('+').length} dice issued` : setId);
const signed = (z: number | null) => (z === null ? '—' : z.toFixed(2));
/** minor units as units with two decimals (the contract's amounts are in minor units) */
const money = (minor: number) => (minor / 100).toFixed(2);

export function statisticalDetection(injected: readonly InjectedError[], plans: readonly TablePlan[], evidence: StatisticalEvidence): StatisticalDetection {
  const statistical = injected.filter((i) => i.detector === 'statistics');
  const injectedTables = new Set(statistical.map((i) => i.tableId!));
  const croupiersAt = (tableId: string) => plans.find((p) => p.tableId === tableId)?.staff.croupiers ?? [];
  const injectedCroupiers = new Set([...injectedTables].flatMap(croupiersAt));
  const players = new Set(statistical.filter((i) => i.test === 'count-correlation').map((i) => i.playerRef!));
  // the dice or wheel of a table whose outcomes were faulty or stacked
  const skewedEquipment = new Set(statistical.filter((i) => i.test === 'pockets' || i.test === 'sectors' || i.test === 'faces' || i.test === 'croupier-result').map((i) => i.tableId!));

  const perfName = (f: PerformanceFinding) => `${f.level} ${f.subject}: house ${f.direction === 'house-below' ? 'below' : 'above'} its edge, z = ${f.z.toFixed(2)} over ${f.rounds} rounds (adjusted p ${f.adjustedP.toExponential(1)})`;
  const equipmentFindings = evidence.equipment.flatMap((row) =>
    row.tests.filter((t) => t.status === 'finding').map((t) => ({ row, t, name: `${row.tableId}${row.setId ? ` ${setLabel(row.setId)}` : ''} ${t.test}: χ² ${t.statistic.toFixed(1)} (df ${t.degreesOfFreedom}), p ${t.p.toExponential(1)}, adjusted p ${t.adjustedP!.toExponential(1)} over ${row.observations} ${row.kind === 'wheel' ? 'spins' : `throws (${t.observations} ${t.test === 'faces' ? 'faces' : 'sums'})`}` })),
  );

  const entries: StatisticalEntry[] = statistical.map((i) => {
    const tableId = i.tableId!;
    const atTable = [
      ...evidence.performance.filter((f) => f.tableId === tableId || (f.level === 'croupier' && croupiersAt(tableId).includes(f.subject))).map(perfName),
      ...equipmentFindings.filter((e) => e.row.tableId === tableId).map((e) => e.name),
    ];
    const entry = (subject: string, found: string | null, rounds: number | null, otherwise: string, byRounds = false): StatisticalEntry => ({
      kind: i.kind,
      tableId,
      subject,
      test: i.test!,
      found: found !== null || byRounds,
      foundBy: found !== null ? 'statistics' : byRounds ? 'round record' : null,
      rounds,
      evidence: found ?? otherwise,
      alsoFound: atTable.filter((n) => n !== found),
    });
    switch (i.test) {
      case 'pockets':
      case 'sectors':
      case 'faces': {
        const row = evidence.equipment.find((r) => r.tableId === tableId && r.setId === '');
        const test = row?.tests.find((t) => t.test === i.test);
        const hit = equipmentFindings.find((e) => e.row === row && e.t === test);
        return entry(tableId, hit?.name ?? null, row?.observations ?? null, test ? `${i.test} test ${test.status}, p ${test.p.toExponential(1)}` : 'not tested');
      }
      case 'count-correlation': {
        const f = evidence.advantage.find((a) => a.playerRef === i.playerRef);
        return entry(i.playerRef!, f ? f.message : null, f?.rounds ?? null, 'no finding: stakes not shown to follow the count');
      }
      case 'croupier-result': {
        const f = evidence.performance.find((p) => p.level === 'croupier' && p.subject === i.croupierId && p.direction === 'house-below');
        return entry(i.croupierId!, f ? perfName(f) : null, f?.rounds ?? null, 'no croupier finding');
      }
      default: {
        // a table's result: the table's finding, or its figures where none was raised
        const f = evidence.performance.find((p) => p.level === 'table' && p.tableId === tableId && p.direction === 'house-below');
        const line = evidence.tables.find((t) => t.subject === tableId);
        const figures = line
          ? `no table finding; the table's actual win ${money(line.actualWin)} against ${money(line.theoreticalWin)} theoretical (z = ${signed(line.z)}) over ${line.rounds} rounds`
          : 'no table figures';
        // its rounds' own verdicts may have caught it already (a winning bet recorded smaller is overpaid there)
        const rounds = evidence.roundRecord?.[i.kind];
        const byRounds = !!rounds && rounds.found > 0;
        return entry(tableId, f ? perfName(f) : null, f?.rounds ?? line?.rounds ?? null, byRounds ? `${rounds.found} of ${rounds.injected} overpaid rounds; ${figures}` : figures, byRounds);
      }
    }
  });

  const falseFindings = [
    ...evidence.performance.filter((f) => !(f.tableId && injectedTables.has(f.tableId)) && !(f.level === 'croupier' && injectedCroupiers.has(f.subject))).map(perfName),
    ...equipmentFindings.filter((e) => !skewedEquipment.has(e.row.tableId)).map((e) => e.name),
    ...evidence.advantage.filter((a) => !players.has(a.playerRef)).map((a) => a.message),
  ];
  return { injected: entries.length, found: entries.filter((e) => e.found).length, entries, falseFindings };
}
