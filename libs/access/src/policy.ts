/**
 * Which event types each writing role may send (issue 6, "Access"). The route decides who may call
 * POST /events at all; this decides what each role may say there. A principal with several roles may
 * send the union of theirs. Game-specific facts declared by the rules library (`factTypes`) are table
 * facts: the table's terminal sends them.
 *
 *   terminal   — what happens at its own table(s): opening and closing, cash at the table, rounds,
 *                bets, cards, wheel and dice results, decisions, settlements, commission, cagnotte,
 *                tips, jackpot contributions and wins, and every game-specific fact.
 *   pit        — supervision: opening and closing, limit changes, suspension and resumption, voiding a
 *                round, raising a dispute.
 *   finance    — money and count room: cash exchanged, fills, credits, tips, the three box counts,
 *                jackpot pool configuration and reset.
 *   compliance — disputes (raise and resolve) and corrections.
 *   inspector  — nothing: reads everything, writes nothing.
 *   admin      — every type.
 */
import type { Role } from './roles';

export const TABLE_FACTS = [
  'TableSessionOpened',
  'TableSessionClosed',
  'CashExchanged',
  'TipDeposited',
  'CagnotteDeducted',
  'RoundStarted',
  'BetPlaced',
  'BetsClosed',
  'WheelSpun',
  'DiceThrown',
  'ShoeStarted',
  'CardDealt',
  'PlayerDecision',
  'BetSettled',
  'CommissionCharged',
  'RoundCompleted',
  'JackpotContributed',
  'JackpotWon',
  // equipment at the table (issue 15): the dice a table is given, banca francesa's ternas and thrower
  'DiceIssued',
  'DiceTernaChanged',
  'DiceThrowerChanged',
  // the announced last rounds before a limit change or the close (issue 15, session compliance)
  'LastRoundsAnnounced',
  // who deals from which round on (issue 21 §5)
  'CroupierChanged',
] as const;

export const WRITE_POLICY: Readonly<Record<Role, readonly string[] | 'all' | 'none'>> = {
  terminal: TABLE_FACTS,
  pit: [
    'TableSessionOpened',
    'TableSessionClosed',
    'TableLimitsChanged',
    'TableSessionSuspended',
    'TableSessionResumed',
    'RoundVoided',
    'RoundDisputed',
    'TableSupervisorChanged',
    'DiceIssued',
    'LastRoundsAnnounced',
    'CroupierChanged',
  ],
  finance: [
    'CashExchanged',
    'ChipsFilled',
    'ChipsCredited',
    'TipDeposited',
    'DropBoxCounted',
    'TipsBoxCounted',
    'CagnotteBoxCounted',
    'JackpotPoolConfigured',
    'JackpotReset',
    'BankDeposited',
  ],
  compliance: ['RoundDisputed', 'DisputeResolved', 'CorrectionRecorded'],
  inspector: 'none',
  admin: 'all',
};

/**
 * May one of these roles send this event type? `isGameFact` says whether the type is a
 * game-specific fact of the rules library (a table fact: terminal, admin).
 */
export function mayWrite(roles: readonly Role[], type: string, isGameFact: boolean): boolean {
  return roles.some((role) => {
    const allowed = WRITE_POLICY[role];
    if (allowed === 'all') return true;
    if (allowed === 'none') return false;
    if (role === 'terminal' && isGameFact) return true;
    return allowed.includes(type);
  });
}

/** The roles that may send a type (for the 403's reason). */
export function writersOf(type: string, isGameFact: boolean): Role[] {
  return (Object.keys(WRITE_POLICY) as Role[]).filter((role) => mayWrite([role], type, isGameFact));
}
