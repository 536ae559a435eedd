/**
 * One table of the simulated floor (tables.ts draws the plan; the injectors and the day's supervision read
 * it). Its own file because the floor plan calls the day's supervision, which reads plans (issue 22 §3, no
 * import circles).
 */
import type { GameRules, JurisdictionId } from '../../rules/src';

export interface TablePlan {
  readonly tableId: string;
  readonly game: string;
  readonly family: GameRules['family'];
  readonly jurisdiction: JurisdictionId;
  readonly limits: { min: number; max: number };
  readonly openingFloat: Record<string, number>;
  readonly seats: number;
  /** rounds (spins, coups, hands, throws) per hour at a busy table */
  readonly roundsPerHour: number;
  readonly staff: { inspector: string; croupiers: string[] };
  /** session options the casino's authorisation sets (e.g. sic bo's pay table, docs/decisions/open-questions.md#oq-15) */
  readonly options?: Record<string, unknown>;
}
