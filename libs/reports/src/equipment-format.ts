/**
 * The equipment report (issue 21 §4) as text and CSV: per table, its wheel or dice against their design,
 * each test with its p, the Benjamini–Hochberg adjusted p and its verdict; the spins a pocket at 1.2× its
 * share needs; each shoe that ended, with its cards per rank.
 */
import type { EquipmentReport, EquipmentRow, EquipmentTest } from '../../projections/src';
import { csv } from './csv';

const p = (x: number | null) => (x === null ? '—' : x < 0.0001 ? x.toExponential(2) : x.toFixed(4));
const setName = (r: EquipmentRow) => (r.setId === '' ? (r.kind === 'wheel' ? 'wheel' : 'all dice') : r.setId);

function testLine(t: EquipmentTest): string {
  const name = t.test === 'sums' ? `sums of ${t.dice} dice` : t.test === 'sectors' ? `sectors of ${t.width}` : t.test;
  const verdict = t.status === 'too-few' ? 'too few to test (a cell expects < 5)' : t.status === 'finding' ? 'FINDING' : 'as designed';
  const worst = t.worstSector ? ` · furthest above its share: ${t.worstSector.join(' ')}` : '';
  return `    ${name}: χ² ${t.statistic.toFixed(2)} (df ${t.degreesOfFreedom}, ${t.observations}) p ${p(t.p)} · adjusted ${p(t.adjustedP)} → ${verdict}${worst}`;
}

export function equipmentText(r: EquipmentReport): string {
  const lines = [`Equipment${r.casinoId ? ` — casino ${r.casinoId}` : ''}${r.tableId ? `, table ${r.tableId}` : ''} · findings at a false discovery rate of ${(r.level * 100).toFixed(2).replace(/\.?0+$/, '')} % across each casino's tables: ${r.findings}`];
  if (!r.rows.length && !r.shoes.length) return `${lines[0]}\nno wheel, dice or shoe recorded`;
  for (const row of r.rows) {
    lines.push('', `${row.casinoId} ${row.tableId} · ${row.game} (${row.jurisdiction}) · ${setName(row)} · ${row.observations} ${row.kind === 'wheel' ? 'spins' : 'throws'} in ${row.sessions} sessions, ${row.firstDay} – ${row.lastDay}`);
    lines.push(`    ${row.cells.map((c) => `${c.key}:${c.observed}`).join(' ')}`);
    for (const t of row.tests) lines.push(testLine(t));
    if (row.power) lines.push(`    power: pocket ${row.power.pocket} at ${row.power.factor}× its share is found at ${row.power.level * 100} % with ${row.power.power * 100} % probability after ${row.power.spinsNeeded} spins (${row.power.spinsRecorded} recorded)`);
    for (const n of row.notes) lines.push(`    note: ${n}`);
  }
  const ended = r.shoes.filter((s) => s.ended);
  if (ended.length) {
    lines.push('', 'Shoes played through');
    for (const s of ended) {
      const verdict = s.asDesigned === null ? `${s.dealt} of ${s.size} cards dealt` : s.asDesigned ? `dealt to the end: every rank as ${s.decks} decks hold` : 'dealt to the end: NOT as designed';
      lines.push(`  ${s.tableId} ${s.sessionId} shoe ${s.shoeId}: ${verdict} · ${s.ranks.map((x) => `${x.rank}:${x.dealt}/${x.inShoe}`).join(' ')}`);
    }
  }
  return lines.join('\n');
}

export function equipmentCsv(r: EquipmentReport): string {
  const rows: unknown[][] = [['section', 'casinoId', 'tableId', 'game', 'set', 'item', 'observed', 'expected', 'statistic', 'df', 'p', 'adjustedP', 'status']];
  for (const row of r.rows) {
    const at = ['cell', row.casinoId, row.tableId, row.game, setName(row)];
    for (const c of row.cells) rows.push([...at, c.key, c.observed, c.expected, '', '', '', '', '']);
    for (const [dice, cells] of Object.entries(row.sums ?? {})) for (const c of cells) rows.push(['sum', ...at.slice(1), `${dice} dice: ${c.key}`, c.observed, c.expected, '', '', '', '', '']);
    for (const t of row.tests) rows.push(['test', ...at.slice(1), t.test === 'sums' ? `sums of ${t.dice} dice` : t.test, t.observations, '', t.statistic, t.degreesOfFreedom, t.p, t.adjustedP, t.status]);
    if (row.power) rows.push(['power', ...at.slice(1), `pocket ${row.power.pocket} at ${row.power.factor}×`, row.power.spinsRecorded, row.power.spinsNeeded, '', '', row.power.level, '', `power ${row.power.power}`]);
  }
  for (const s of r.shoes) for (const x of s.ranks) rows.push(['shoe', s.casinoId, s.tableId, s.game, `${s.sessionId} ${s.shoeId}`, x.rank, x.dealt, x.inShoe, '', '', '', '', s.asDesigned === null ? (s.ended ? 'not dealt to the end' : 'in play') : s.asDesigned ? 'as designed' : 'not as designed']);
  return csv(rows);
}
