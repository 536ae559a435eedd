import { Column, Entity, PrimaryColumn } from 'typeorm';

const position = { type: 'bigint' as const, default: 0, transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } };

/**
 * One casino's gaming day as its compliance judge sees it (issue 15): a summary of each session (game,
 * opening and close, cloth, jefes, dice, ternas) and what the day's rules found in it.
 */
@Entity({ name: 'day_compliance' })
export class DayComplianceEntity {
  @PrimaryColumn({ name: 'casino_id', type: 'text' }) casinoId: string;
  @PrimaryColumn({ name: 'gaming_day', type: 'text' }) gamingDay: string;
  /** the jurisdictions of the day's sessions */
  @Column({ type: 'jsonb', default: [] }) jurisdictions: string[];
  /** DaySession[] (libs/rules/src/core/day-compliance.ts) */
  @Column({ type: 'jsonb', default: [] }) sessions: unknown[];
  /** DayFinding[]: each with code, rule, citation, sessionId and tableId (null: the day as a whole) */
  @Column({ type: 'jsonb', default: [] }) findings: unknown[];
  @Column({ type: 'jsonb', default: [] }) notes: string[];
  /** checklist row id → why the facts could not carry it today */
  @Column({ name: 'not_judged', type: 'jsonb', default: {} }) notJudged: Record<string, string>;
  /** the same reasons as phrases of the `narrative` catalogue (jurisdiction → row id → phrase), worded at the edge (issue 16) */
  @Column({ name: 'not_judged_phrases', type: 'jsonb', default: {} }) notJudgedPhrases: Record<string, Record<string, unknown>>;
  @Column({ name: 'last_position', ...position }) lastPosition: number;
}

/** The dice each table was last given (its last session's), to judge the next session's against (craps). */
@Entity({ name: 'table_dice' })
export class TableDiceEntity {
  @PrimaryColumn({ name: 'casino_id', type: 'text' }) casinoId: string;
  @PrimaryColumn({ name: 'table_id', type: 'text' }) tableId: string;
  @Column({ name: 'session_id', type: 'text' }) sessionId: string;
  @Column({ type: 'jsonb', default: [] }) serials: string[];
  /** the session before it and its dice: { sessionId, serials } or null */
  @Column({ type: 'jsonb', nullable: true }) previous: { sessionId: string; serials: string[] } | null;
}
