/**
 * The statistical record and the injections in the reader's language (issue 16): the demo prints each
 * entry's evidence from its statement, so Spanish and Basque read it with their words and their number
 * forms, while the record's English fields (and the manifest's descriptions) read as they always did — the
 * advantage-play finding's own message among them.
 */
import { judgeAdvantagePlay } from '../../projections/src/players/advantage-play';
import type { EquipmentRow } from '../../projections/src/equipment/equipment-report';
import type { PerformanceFigures, PerformanceFinding } from '../../projections/src/performance/performance-findings';
import { equipmentInjection, equipmentStatement } from './equipment-bias';
import { playerInjection } from './player-injections';
import { wordStatement } from './statement';
import { statisticalDetection } from './statistical-detection';
import type { TablePlan } from './table-plan';

const plans = [{ tableId: 'T4', staff: { croupiers: ['cr-ana'] } }] as unknown as TablePlan[];
const wheel = { tableId: 'T1', kind: 'weighted-pocket' as const, pockets: ['17'], factor: 3 };
const injected = [
  equipmentInjection(wheel, 's1'),
  playerInjection({ tableId: 'T2', kind: 'advantage-player', seat: 3, playerRef: 'ADM-CD-00001' }, 's2'),
  playerInjection({ tableId: 'T3', kind: 'bets-recorded-smaller', seat: 2, playerRef: 'ADM-CD-00002', recordedShare: 0.25 }, 's3'),
  playerInjection({ tableId: 'T4', kind: 'favoured-player', seat: 1, playerRef: 'ADM-CD-00003', croupierId: 'cr-ana' }, 's4'),
];
const equipment = [
  {
    tableId: 'T1',
    kind: 'wheel',
    setId: '',
    observations: 1200,
    tests: [{ test: 'pockets', statistic: 80.46, degreesOfFreedom: 36, p: 2.34e-5, observations: 1200, status: 'finding', adjustedP: 4.56e-4 }],
  },
] as unknown as EquipmentRow[];
// the player whose stakes follow the count, judged as the read model judges him
const advantage = judgeAdvantagePlay(
  [{ casinoId: 'c', gamingDay: '2026-11-21', playerRef: 'ADM-CD-00001', n: 240, shoes: 4, wxx: 900, wyy: 60, wxy: 150, tables: ['T2'] }],
  0.01,
);
const croupier = {
  kind: 'improbable-result',
  level: 'croupier',
  subject: 'cr-ana',
  tableId: null,
  direction: 'house-below',
  z: -3.456,
  rounds: 1234,
  adjustedP: 6.7e-4,
} as unknown as PerformanceFinding;
const tables = [{ subject: 'T3', rounds: 1500, actualWin: 123456, theoreticalWin: 234500, z: -1.234 }] as unknown as Array<
  PerformanceFigures & { subject: string }
>;

describe('the statistical record in the reader’s language', () => {
  const s = statisticalDetection(injected, plans, { performance: [croupier], tables, equipment, advantage });
  const entry = (kind: string) => s.entries.find((e) => e.kind === kind)!;

  it('keeps its English fields as they always read, the advantage finding’s message word for word', () => {
    expect(advantage).toHaveLength(1);
    expect(entry('advantage-player').evidence).toBe(advantage[0].message);
    expect(entry('weighted-pocket').evidence).toBe('T1 pockets: χ² 80.5 (df 36), p 2.3e-5, adjusted p 4.6e-4 over 1200 spins');
    expect(entry('favoured-player').evidence).toBe('croupier cr-ana: house below its edge, z = -3.46 over 1234 rounds (adjusted p 6.7e-4)');
    expect(entry('bets-recorded-smaller').evidence).toBe(
      "no table finding; the table's actual win 1234.56 against 2345.00 theoretical (z = -1.23) over 1500 rounds",
    );
    // the croupier's finding also stands at her table, named once
    expect(entry('favoured-player').alsoFound).toEqual([]);
    for (const e of s.entries) expect(wordStatement(e.said.evidence, 'en')).toBe(e.evidence);
    expect(injected.map((i) => i.description)).toEqual([
      'T1: pocket 17 weighted 3×',
      'T2: the player ADM-CD-00001 at seat 3 bets 1–8 units by the true count',
      'T3: the bets of seat 2 (ADM-CD-00002) recorded at 25 % of their stake, settled in full',
      'T4: while cr-ana deals, an outcome that does not pay the player at seat 1 (ADM-CD-00003) is made again up to 2 times',
    ]);
  });

  it('words the evidence in Spanish and Basque, numbers in their form', () => {
    expect(wordStatement(entry('weighted-pocket').said.evidence, 'es')).toBe('T1 casillas: χ² 80,5 (gl 36), p 2,3e-5, p ajustada 4,6e-4 en 1200 giros');
    expect(wordStatement(entry('favoured-player').said.evidence, 'es')).toBe(
      'crupier cr-ana: la casa por debajo de su ventaja, z = -3,46 en 1234 jugadas (p ajustada 6,7e-4)',
    );
    expect(wordStatement(entry('bets-recorded-smaller').said.evidence, 'es')).toBe(
      'ningún hallazgo de la mesa; ganancia real de la mesa 1234,56 frente a 2345,00 teórica (z = -1,23) en 1500 jugadas',
    );
    expect(wordStatement(entry('advantage-player').said.evidence, 'es')).toMatch(
      /^jugador ADM-CD-00001: las apuestas suben con la cuenta verdadera del distribuidor, ×\d+,\d\d por punto \(r = 0,\d\d en 240 jugadas en 4 distribuidores/,
    );
    expect(wordStatement(entry('weighted-pocket').said.evidence, 'eu')).toBe('T1 laukiak: χ² 80,5 (ask. gr. 36), p 2,3e-5, p doitua 4,6e-4, 1.200 biratan');
    expect(wordStatement(equipmentStatement(wheel), 'eu')).toBe('T1: 17 laukia 3× astunduta');
    expect(wordStatement(equipmentStatement({ ...wheel, factor: 1.5 }), 'gl')).toBe('T1: casa 17 cun peso de 1,5×');
  });
});
