/**
 * Follows one table session fact by fact and says, at any point, what a round starting there is
 * judged against: the limits then in force, the shoe in play and what it already dealt, the game's
 * carried state. Replay folds the session's stream through it; the simulator feeds it as it plays.
 */
import { cloneSession, emptySession, evolveSession, SessionState, sessionContext } from '../../ledger/src';
import { Fact, gameRules, GameRules, JackpotPoolView, RoundEnv, roundEnv, RulebookBase, ShoeInPlay } from '../../rules/src';

/**
 * A tracker's state at a point of the stream, JSON-ready: what a round starting there is judged
 * against. Stored beside each round's verdict so that replaying a round late in a long session does
 * not fold the whole session again. The round ids seen so far (ingestion's concern) are left out.
 */
export interface TrackerSnapshot {
  readonly state: Omit<SessionState, 'rounds'>;
  readonly carried: unknown;
  readonly dealt: Record<string, number>;
  /** cards dealt from the shoe in play, and coups begun after its cut card came out (absent in older snapshots: 0) */
  readonly cardsDealt?: number;
  readonly coupsAfterCut?: number;
}

export class SessionTracker {
  readonly state: SessionState;
  private carried: unknown = undefined;
  private dealt: Record<string, number> = {};
  private cardsDealt = 0;
  private coupsAfterCut = 0;
  /** the shoe as an environment shows it, made again only after a card, a coup or a new shoe (environments are asked for at every fact) */
  private shoeView?: ShoeInPlay;
  private rules?: GameRules;
  private rulebook?: RulebookBase;
  /** carry's last environment and what it was made from (carryEnv) */
  private carrySeen?: { env: RoundEnv; carried: unknown; rulebook: unknown; dealt: unknown } & Pick<
    SessionState,
    'shoe' | 'limits' | 'options' | 'casinoId' | 'tableId' | 'game' | 'jurisdiction' | 'currency' | 'smallestChip'
  >;

  constructor(sessionId: string) {
    this.state = emptySession(sessionId);
  }

  get game(): GameRules | undefined {
    return this.rules;
  }

  get book(): RulebookBase | undefined {
    return this.rulebook;
  }

  apply(fact: Fact): void {
    evolveSession(this.state, fact.type, fact.data);
    // which rounds exist is ingestion's question, never a judge's: not kept, so a clone stays small in a long session
    this.state.rounds.clear();
    if (fact.type === 'TableSessionOpened') {
      this.rules = gameRules(this.state.game!);
      this.rulebook = this.rules?.rulebooks[this.state.jurisdiction!];
    }
    if (fact.type === 'ShoeStarted') {
      this.dealt = {};
      this.cardsDealt = 0;
      this.coupsAfterCut = 0;
      this.shoeView = undefined;
    }
    if (fact.type === 'CardDealt' && fact.data.to !== undefined) {
      const code = String(fact.data.card).toUpperCase();
      this.dealt[code] = (this.dealt[code] ?? 0) + 1;
      this.cardsDealt++;
      this.shoeView = undefined;
    }
    if (fact.type === 'RoundStarted') {
      // a coup begun once a card behind the cut card was dealt (the shoe's rules say how many may be)
      const cut = this.state.shoe?.cutCardPosition;
      if (cut !== undefined && this.cardsDealt > cut) {
        this.coupsAfterCut++;
        this.shoeView = undefined;
      }
    }
    if (this.rules?.carry && this.rulebook) this.carried = this.rules.carry(this.carried, fact, this.carryEnv());
  }

  /**
   * The environment carry is shown at each fact: made again only when something it shows changed (most
   * facts change none of it). Carry reads the session's context, not the shoe's count (a round's
   * concern): it is shown the live count, read during the call, not a frozen copy made after every card.
   */
  private carryEnv(): RoundEnv {
    const s = this.state;
    const m = this.carrySeen;
    if (
      m &&
      m.carried === this.carried &&
      m.rulebook === this.rulebook &&
      m.dealt === this.dealt &&
      m.shoe === s.shoe &&
      m.limits === s.limits &&
      m.options === s.options &&
      m.casinoId === s.casinoId &&
      m.tableId === s.tableId &&
      m.game === s.game &&
      m.jurisdiction === s.jurisdiction &&
      m.currency === s.currency &&
      m.smallestChip === s.smallestChip
    ) {
      return m.env;
    }
    const env = this.envWith(s.shoe ? this.shoeOf(s.shoe, this.dealt) : undefined, {});
    this.carrySeen = {
      env,
      carried: this.carried,
      rulebook: this.rulebook,
      dealt: this.dealt,
      shoe: s.shoe,
      limits: s.limits,
      options: s.options,
      casinoId: s.casinoId,
      tableId: s.tableId,
      game: s.game,
      jurisdiction: s.jurisdiction,
      currency: s.currency,
      smallestChip: s.smallestChip,
    };
    return env;
  }

  /** The environment a round starting now is judged in (undefined: no rules for this game here). */
  env(extra: { jackpotPools?: Record<string, JackpotPoolView>; lastRoundOfSession?: boolean } = {}): RoundEnv {
    const s = this.state;
    if (s.shoe && (this.shoeView?.shoeId !== s.shoe.shoeId || this.shoeView.decks !== s.shoe.decks)) this.shoeView = undefined;
    if (s.shoe && !this.shoeView) this.shoeView = Object.freeze(this.shoeOf(s.shoe, Object.freeze({ ...this.dealt })));
    return this.envWith(s.shoe ? this.shoeView : undefined, extra);
  }

  /** The shoe as the rules see it: one shape, whoever asks. */
  private shoeOf(shoe: NonNullable<SessionState['shoe']>, dealt: Record<string, number>): ShoeInPlay {
    return {
      shoeId: shoe.shoeId,
      decks: shoe.decks,
      dealt,
      cutCardPosition: shoe.cutCardPosition,
      cardsDealt: this.cardsDealt,
      coupsAfterCut: this.coupsAfterCut,
    };
  }

  private envWith(shoe: ShoeInPlay | undefined, extra: { jackpotPools?: Record<string, JackpotPoolView>; lastRoundOfSession?: boolean }): RoundEnv {
    return roundEnv(
      this.rulebook!,
      sessionContext(this.state, { shoe, carried: this.carried, jackpotPools: extra.jackpotPools, lastRoundOfSession: extra.lastRoundOfSession }),
    );
  }

  snapshot(): TrackerSnapshot {
    const { rounds: _rounds, ...state } = this.state;
    return { state, carried: this.carried, dealt: { ...this.dealt }, cardsDealt: this.cardsDealt, coupsAfterCut: this.coupsAfterCut };
  }

  /** A tracker from a snapshot (as stored: JSON-parsed). */
  static restore(snapshot: TrackerSnapshot): SessionTracker {
    const tracker = new SessionTracker(snapshot.state.sessionId);
    Object.assign(tracker.state, snapshot.state, { rounds: new Map() });
    tracker.carried = snapshot.carried;
    tracker.dealt = { ...snapshot.dealt };
    // a snapshot stored before the shoe's counts were kept: recount the cards it shows (no coup counted after the cut)
    tracker.cardsDealt = snapshot.cardsDealt ?? Object.values(snapshot.dealt).reduce((t, n) => t + n, 0);
    tracker.coupsAfterCut = snapshot.coupsAfterCut ?? 0;
    tracker.rules = tracker.state.game ? gameRules(tracker.state.game) : undefined;
    tracker.rulebook = tracker.state.jurisdiction ? tracker.rules?.rulebooks[tracker.state.jurisdiction] : undefined;
    return tracker;
  }

  /** An independent copy (to look ahead without changing this one). */
  clone(): SessionTracker {
    const copy = new SessionTracker(this.state.sessionId);
    Object.assign(copy.state, cloneSession(this.state));
    copy.carried = this.carried;
    copy.dealt = { ...this.dealt };
    copy.cardsDealt = this.cardsDealt;
    copy.coupsAfterCut = this.coupsAfterCut;
    copy.rules = this.rules;
    copy.rulebook = this.rulebook;
    return copy;
  }

  get judged(): boolean {
    return !!this.rules && !!this.rulebook;
  }
}
