/**
 * Deals again every batch of the blackjack family's stored main-bet samples (issue 14 §5), and says
 * whether each matches the stored sums to the last digit; with `--write`, stores the fresh ones. Hours of
 * dealing, so it is a tool, not a test: the tests re-deal the first batch of each default configuration.
 *
 *   npm run build && node dist/bench/blackjack-samples.js [--write]
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JURISDICTIONS } from '../libs/rules/src';
import { drawSamples, renderSamples, StoredSamples } from '../libs/rules/src/core/blackjack-edge/house-edge';
import { blackjackConfigs } from '../libs/rules/src/games/blackjack/house-edge';
import { BLACKJACK_SAMPLES } from '../libs/rules/src/games/blackjack/main-bet-samples';
import { rules as blackjack } from '../libs/rules/src/games/blackjack/rules';
import { tripleConfigs } from '../libs/rules/src/games/triple-blackjack/house-edge';
import { TRIPLE_BLACKJACK_SAMPLES } from '../libs/rules/src/games/triple-blackjack/main-bet-samples';
import { rules as tripleBlackjack } from '../libs/rules/src/games/triple-blackjack/rules';

const write = process.argv.includes('--write');
const games = join(process.cwd(), 'libs/rules/src/games');
let differ = 0;

function check(fresh: StoredSamples, kept: StoredSamples, file: string, name: string, about: string): void {
  if (write) {
    writeFileSync(file, renderSamples(name, fresh, about));
    console.log(`${name}: written to ${file}`);
    return;
  }
  const same = JSON.stringify(fresh) === JSON.stringify(kept);
  if (!same) differ++;
  console.log(`${name}: ${same ? 'every batch deals again to the stored sums' : 'DIFFERS from the stored sums'}`);
}

const rulebooks = JURISDICTIONS.map((j) => blackjack.rulebooks[j]).filter((r): r is NonNullable<typeof r> => !!r);
check(
  drawSamples(blackjack, blackjackConfigs(rulebooks), BLACKJACK_SAMPLES.batches, BLACKJACK_SAMPLES.batchRounds),
  BLACKJACK_SAMPLES,
  join(games, 'blackjack/main-bet-samples.ts'),
  'BLACKJACK_SAMPLES',
  'The blackjack main bet sampled through settle (../../core/blackjack-edge/house-edge.ts): each jurisdiction × dealerHitsSoft17 × surrender × doubleAceCountsOne.',
);
check(
  drawSamples(tripleBlackjack, tripleConfigs(tripleBlackjack.rulebooks.euskadi!), TRIPLE_BLACKJACK_SAMPLES.batches, TRIPLE_BLACKJACK_SAMPLES.batchRounds),
  TRIPLE_BLACKJACK_SAMPLES,
  join(games, 'triple-blackjack/main-bet-samples.ts'),
  'TRIPLE_BLACKJACK_SAMPLES',
  'The triple blackjack box bet sampled through settle (../../core/blackjack-edge/house-edge.ts): dealerHitsSoft17 false and true.',
);
process.exitCode = differ ? 1 : 0;
