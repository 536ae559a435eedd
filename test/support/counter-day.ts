/**
 * A gaming day with a card counter (issue 21 §6): two blackjack tables and a punto banco table, the
 * simulator's advantage-player injection at the first blackjack table, seat 1 (where the demo places him), and
 * the honest players' admission numbers on their bets. Found by the stakes-against-count test at 100 rounds.
 */
import type { IngestionService } from '../../libs/ledger/src';
import { seededRandom } from '../../libs/rules/src';
import { demoPlayerInjections } from '../../libs/simulator/src/player-injections';
import { floorPlan } from '../../libs/simulator/src/tables';
import { recordSimulatedDay } from './simulated-day';

const TABLES = ['blackjack', 'blackjack', 'punto-banco'];
const SEED = 31;

export function counterDay(casinoId: string, gamingDay: string) {
  const plans = floorPlan(TABLES.length, seededRandom(SEED), { tableGames: TABLES, jurisdiction: 'euskadi' });
  const injections = demoPlayerInjections(plans, casinoId.replace(/[^A-Za-z]/g, '').toUpperCase()).filter((i) => i.kind === 'advantage-player');
  return {
    counter: injections[0].playerRef,
    counterTable: injections[0].tableId,
    record: (ingestion: IngestionService) =>
      recordSimulatedDay(ingestion, {
        casinoId,
        gamingDay,
        tables: TABLES.length,
        tableGames: TABLES,
        jurisdiction: 'euskadi',
        rounds: 100,
        seed: SEED,
        jackpots: false,
        playerInjections: injections,
      }),
  };
}
