/**
 * The figures of docs/games/house-edges.md, from the rules library itself (issue 21 §1): every bet of every
 * rulebook under its default settings (betFigures, the games' own houseEdges), with its method; and, with
 * `--blackjack`, the blackjack main bet's exact analyses kept in libs/rules/src/core/blackjack-edge/exact-main-bet.data.ts.
 *
 *   npm run build && node dist/bench/house-edges.js                       # print the document
 *   npm run build && node dist/bench/house-edges.js --write               # write docs/games/house-edges.md
 *   npm run build && node dist/bench/house-edges.js --blackjack --write   # analyse blackjack again (minutes), then both
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JURISDICTIONS } from '../libs/rules/src';
import { betFigures } from '../libs/rules/src/core/bet-figures';
import type { BetEdge } from '../libs/rules/src/core/house-edge';
import { analyseMainBet, exactRulesKey, type ExactFigure } from '../libs/rules/src/core/blackjack-edge/exact';
import { renderExactMainBet } from '../libs/rules/src/core/blackjack-edge/house-edge';
import { blackjackExactConfigs } from '../libs/rules/src/games/blackjack/house-edge';
import { tripleExactConfigs } from '../libs/rules/src/games/triple-blackjack/house-edge';
import { rulebooks as TRIPLE_RULEBOOKS } from '../libs/rules/src/games/triple-blackjack/rulebook';
import { registeredGames } from '../libs/rules/src/registry';

const write = process.argv.includes('--write');

/** Why a game without figures has none (said in the document; the figures themselves all come from the code). */
const WHY_NOT: Readonly<Record<string, string>> = {
  'sic-bo': 'the text fixes no pay table (index.md OQ-15): each authorised table is valued when a session opens with its `payTable`',
  'texas-holdem-vs-bank':
    'the ante with its flop, turn and river bets needs a strategy over three decisions and an enumeration of the board and the bank: not computed',
  'draw-poker-vs-bank': "the ante with its draw and the bank's draw needs a drawing strategy: not computed",
  'pai-gow-poker': "the player's and the bank's hand-setting (house way) is not modelled as a strategy: not computed",
};

/** Why some bets of a valued game have no figure. */
const UNVALUED_WHY: Readonly<Record<string, string>> = {
  'caribbean-stud': 'the progressive jackpot bet is worth what the pool holds when it is played: counted from the recorded contributions and wins',
  'texas-holdem-bonus': 'the ante with its flop, turn and river bets needs a strategy over three decisions: not computed',
};

/**
 * Published figures beside ours for the standard rule sets (each source as cited in the game's spec). Ours are
 * computed here under the options named; the published ones are quoted, to the digits published.
 */
const PUBLISHED: ReadonlyArray<{
  game: string;
  j: (typeof JURISDICTIONS)[number];
  options?: Record<string, unknown>;
  betType: string;
  selection?: unknown;
  edge: string;
  sd?: string;
  source: string;
  rules?: string;
}> = [
  {
    game: 'french-roulette',
    j: 'cantabria',
    betType: 'straight',
    edge: '2.70 %',
    source: 'https://www.casinocitytimes.com/john-grochowski/article/roulette-32855',
  },
  {
    game: 'french-roulette',
    j: 'cantabria',
    betType: 'red',
    edge: '1.35 % (la partage)',
    source: 'http://www.roulette-play.info/roulette-zero-roulette-wheel-house-player-game/rule_roulette_en_roulette_zero_edge_prison_bet.html',
  },
  {
    game: 'american-roulette-double-zero',
    j: 'cantabria',
    betType: 'straight',
    edge: '5.26 %',
    source: 'https://www.casinocitytimes.com/john-grochowski/article/roulette-32855',
  },
  { game: 'craps', j: 'euskadi', betType: 'pass', edge: '1.41 %', source: 'https://www.casinodealerswebsite.com/-house--summary.html' },
  { game: 'craps', j: 'euskadi', betType: 'dont-pass', edge: '1.36 %', source: 'https://www.casinodealerswebsite.com/-house--summary.html' },
  {
    game: 'craps',
    j: 'euskadi',
    betType: 'place-to-win',
    selection: 6,
    edge: '1.52 %',
    source: 'http://www.internet-casinos-gambling-sportsbooks.com/craps.html',
  },
  {
    game: 'punto-banco',
    j: 'euskadi',
    betType: 'banker',
    edge: '1.06 %',
    sd: '0.93',
    source: 'http://seniors-directory.biz/casino-games-house-edge.html (house edge and standard deviation table)',
  },
  { game: 'punto-banco', j: 'euskadi', betType: 'player', edge: '1.24 %', sd: '0.95', source: 'http://seniors-directory.biz/casino-games-house-edge.html' },
  {
    game: 'punto-banco',
    j: 'euskadi',
    betType: 'tie',
    edge: '14.36 % (8 decks; 14.44 % 6 decks)',
    sd: '2.64',
    source: 'http://seniors-directory.biz/casino-games-house-edge.html; https://www.multiplayerbaccarat.com/odds.html',
  },
  {
    game: 'trente-et-quarante',
    j: 'euskadi',
    betType: 'black',
    edge: 'circa 1.096 % (refait 2.19 %)',
    source: 'https://beatablegames.com/trente-et-quarante/il-31-après; https://gamblinginamerica.name/trente-et-quarante-30-and-40-gambling-in-america',
  },
  {
    game: 'blackjack',
    j: 'illes-balears',
    options: { dealerHitsSoft17: true, surrender: false },
    betType: 'main',
    edge: '0.72705 % (resplits to four hands)',
    source: 'https://ourgyn.com/games/blackjack/appendix/9/euro-6dh17r4/ (Wizard of Odds, Appendix 9)',
    rules: 'six decks, H17, no hole card, double any two and after a split; ours splits once',
  },
  {
    game: 'caribbean-stud',
    j: 'euskadi',
    betType: 'ante',
    edge: '5.316 % at A-K-J-8-3 (5.224 % perfect), straight flush 50:1',
    source: 'https://toho-talent.com/2022/04/14/caribbean-stud-poker-strategy/',
    rules: 'the texts pay a straight flush 25:1: see caribbean-stud/house-edge.spec.ts',
  },
  {
    game: 'three-card-poker',
    j: 'euskadi',
    betType: 'ante',
    edge: '3.37 % (Q-6-4)',
    source: 'https://www.casinocitytimes.com/john-grochowski/article/three-card-poker-and-roulette-62858',
  },
  {
    game: 'casino-holdem',
    j: 'euskadi',
    betType: 'ante',
    edge: '2.16 % (optimal strategy)',
    source: 'https://practicalwebtools.com/blog/casino-holdem-calculator-guide-2026',
    rules: 'ours: a simple stated strategy, sampled',
  },
];
const root = process.cwd();

if (process.argv.includes('--blackjack')) {
  const figures: Record<string, ExactFigure> = {};
  for (const rules of [...blackjackExactConfigs(), ...tripleExactConfigs(TRIPLE_RULEBOOKS.euskadi!)]) {
    const key = exactRulesKey(rules);
    if (figures[key]) continue;
    const t = Date.now();
    const a = analyseMainBet(rules);
    figures[key] = { returnPerUnit: a.returnPerUnit, variancePerUnit: a.variancePerUnit };
    console.error(`${key}: house edge ${(a.houseEdge * 100).toFixed(4)} %, sd ${Math.sqrt(a.variancePerUnit).toFixed(4)} (${Date.now() - t} ms)`);
  }
  if (write) writeFileSync(join(root, 'libs/rules/src/core/blackjack-edge/exact-main-bet.data.ts'), renderExactMainBet(figures));
}

const pct = (x: number) => `${(x * 100).toFixed(3)} %`;
const selectionOf = (e: BetEdge) => (e.selection === undefined ? '' : typeof e.selection === 'string' ? e.selection : JSON.stringify(e.selection));
const methodOf = (e: BetEdge) =>
  e.method === 'sampled' ? `sampled (± ${pct(e.standardError ?? Number.NaN)})` : e.method === 'exact-strategy' ? 'exact at a strategy' : e.method;

/** A bet's row without its citation (the same figure under several jurisdictions' texts is one row). */
function figureCells(e: BetEdge): string {
  const notes = [
    e.strategy ? `strategy: ${e.strategy}` : '',
    e.covers?.length ? `includes the ${e.covers.join(', ')} bet(s)` : '',
    e.trueOdds ? 'true odds by the text' : '',
  ]
    .filter(Boolean)
    .join('; ');
  return `| ${e.betType} | ${selectionOf(e)} | ${pct(e.houseEdge)} | ${Math.sqrt(e.variancePerUnit).toFixed(4)} | ${methodOf(e)} | ${notes} |`;
}

export function houseEdgeDocument(): string {
  const out: string[] = [
    '# House edge and variance of every bet',
    '',
    'Generated by `bench/house-edges.ts` (`npm run build && node dist/bench/house-edges.js --write`) from the rules',
    'library itself: `betFigures(game, jurisdiction, options)` (libs/rules/src/core/bet-figures.ts) over every game and',
    "rulebook, each at the rulebook's default settings. Do not edit the tables by hand: run the script again.",
    '',
    '- **house edge**: what the house keeps per unit staked, `1 − E[amount back]`; ≤ 0 is a setting the product flags',
    '  (`PLAYER_EDGE_SETTING`) unless the text itself prices the bet at true odds.',
    "- **sd / unit**: the standard deviation of the net result of one bet of one unit (`√variancePerUnit`). A table's",
    '  theoretical win is Σ stake × house edge; its variance Σ stake² × variance for bets that do not depend on each',
    '  other (issue 21).',
    '- **method**: `exact-enumeration` — every physical outcome (pocket, throw, the cards that decide the bet) weighed',
    "  exactly through the game's own `settle`; `exact-combinatorial` — the same, counted by class; *exact at a",
    '  strategy* — exact for the named player decisions (another strategy gives another figure); *sampled* — a sample',
    '  mean with its standard error.',
    '- A figure that *includes* another bet (an ante with its play) is per unit of the first bet and counts the later',
    '  one too: the later bet adds no figure of its own.',
    '- Bets of one round are not independent: red and black of 1 each on one spin have a variance of 0.026 together, 1.96 if',
    '  summed as independent.',
    "  `roundMoments(game, jurisdiction, options, bets)` (libs/rules/src/core/round-moments.ts) weighs a round's bets",
    "  together over every result, each settled by the game's own `settle`, for the games that enumerate their rounds",
    '  (`GameRules.roundOutcomes`: the wheels, punto y banca, sic bo, banca francesa and trente et quarante); elsewhere',
    "  (craps, blackjack, the poker games) it returns null, and the statistics bound the round's variance by",
    '  (Σ stake × sd)² (Cauchy–Schwarz, `libs/statistics/src/performance.ts`): never below the truth, so a',
    '  z-score is never inflated by bets that move together.',
    "- Card games are valued on the first coup of a full shoe. Figures depend on the session's options (commission,",
    '  pay table, soft 17…): `betFigures` computes them for the options a table opened with.',
    '',
    "The figures are checked against published ones in the games' `house-edge.spec.ts` (each source cited there):",
    'roulette, boule, the wheel of fortune, craps, sic bo, punto banco, banca francesa, trente et quarante, blackjack',
    "(Wizard of Odds' Appendix 9, six decks, no hole card), caribbean stud, three card poker, casino hold'em,",
    "texas hold'em bonus, trijoker.",
    '',
  ];
  const missing: string[] = [];
  for (const rules of registeredGames()) {
    // jurisdictions whose figures are alike share one table; each row cites every text it rests on
    const groups: Array<{ jurisdictions: string[]; cells: string[]; citations: Array<Set<string>>; income?: string; note?: string; unvalued: string[] }> = [];
    for (const j of JURISDICTIONS) {
      if (!rules.rulebooks[j]) continue;
      const f = betFigures(rules.game, j);
      const cells = f.figures.map(figureCells);
      const income = f.houseIncome;
      const note = f.notComputed ?? (!cells.length && !income ? (WHY_NOT[rules.game] ?? 'no bet valued under the default settings') : undefined);
      // bets the rulebook offers that no figure values or covers (a recorded one has no figure: figureOf gives null)
      const offered = Object.entries((rules.rulebooks[j] as { betTypes?: Record<string, { value?: unknown } | undefined> }).betTypes ?? {})
        .filter(([, v]) => v?.value !== false)
        .map(([b]) => b);
      const valued = new Set(f.figures.flatMap((e) => [e.betType, ...(e.covers ?? [])]));
      const unvalued = income ? [] : offered.filter((b) => !valued.has(b));
      let group = groups.find(
        (g) => g.cells.join('\n') === cells.join('\n') && g.income === income && g.note === note && g.unvalued.join() === unvalued.join(),
      );
      if (!group) groups.push((group = { jurisdictions: [], cells, citations: cells.map(() => new Set<string>()), income, note, unvalued }));
      group.jurisdictions.push(j);
      f.figures.forEach((e, i) => group!.citations[i].add(e.citation));
    }
    out.push(`## ${rules.game}`, '');
    for (const g of groups) {
      out.push(`**${g.jurisdictions.join(', ')}**`, '');
      if (g.income) out.push("The house does not bank this game: its income is the cagnotte, counted from the recorded levies, not an outcome's value.", '');
      else if (g.note) {
        out.push(`No figure: ${g.note}.`, '');
        missing.push(`${rules.game} (${g.jurisdictions.join(', ')}): ${g.note}`);
      }
      if (g.unvalued.length && g.cells.length) {
        out.push(`Bets without a figure: ${g.unvalued.join(', ')}${UNVALUED_WHY[rules.game] ? ` (${UNVALUED_WHY[rules.game]})` : ''}.`, '');
        missing.push(
          `${rules.game} (${g.jurisdictions.join(', ')}): ${g.unvalued.join(', ')}${UNVALUED_WHY[rules.game] ? ` — ${UNVALUED_WHY[rules.game]}` : ''}`,
        );
      }
      if (g.cells.length)
        out.push(
          '| bet | selection | house edge | sd / unit | method | notes | citation |',
          '|---|---|---|---|---|---|---|',
          ...g.cells.map((c, i) => `${c} ${[...g.citations[i]].join(' · ')} |`),
          '',
        );
    }
  }
  out.push('## Not valued', '', ...missing.map((m) => `- ${m}`), '');
  out.push(
    '## Beside published figures',
    '',
    "Ours computed under the rulebook and options named; the published figure quoted with its source (the games' specs test each).",
    '',
    '| game | jurisdiction, options | bet | ours: house edge | ours: sd | published | source | rules |',
    '|---|---|---|---|---|---|---|---|',
    ...PUBLISHED.map((p) => {
      const e = betFigures(p.game, p.j, p.options ?? {}).figureOf(p.betType, p.selection);
      const where = `${p.j}${p.options ? ` ${JSON.stringify(p.options)}` : ''}`;
      return `| ${p.game} | ${where} | ${p.betType}${p.selection === undefined ? '' : ` ${JSON.stringify(p.selection)}`} | ${e ? pct(e.houseEdge) : '—'} | ${e ? Math.sqrt(e.variancePerUnit).toFixed(4) : '—'} | ${p.edge}${p.sd ? `, sd ${p.sd}` : ''} | ${p.source} | ${p.rules ?? ''} |`;
    }),
    '',
  );
  return out.join('\n');
}

const doc = houseEdgeDocument();
if (write) writeFileSync(join(root, 'docs/games/house-edges.md'), doc);
else process.stdout.write(doc);
