import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { DaySession, judgeGamingDay, Phrase } from '../../../rules/src';
import { bigintNumber } from '../upsert';

/**
 * One casino's gaming day as its compliance judge sees it (issue 15): a summary of each session (game, opening
 * and close, cloth, jefes, dice, ternas) and what the day's rules found in it. The table's one definition and
 * its rows' type (property names are the column names).
 */
@Entity({ name: 'day_compliance' })
export class DayComplianceEntity {
  @PrimaryColumn({ type: 'text' }) casino_id: string;
  @PrimaryColumn({ type: 'text' }) gaming_day: string;
  /** the jurisdictions of the day's sessions */
  @Column({ type: 'jsonb', default: [] }) jurisdictions: string[];
  @Column({ type: 'jsonb', default: [] }) sessions: DaySession[];
  /** each with code, rule, citation, sessionId and tableId (null: the day as a whole) */
  @Column({ type: 'jsonb', default: [] }) findings: ReturnType<typeof judgeGamingDay>['findings'];
  @Column({ type: 'jsonb', default: [] }) notes: string[];
  /** jurisdiction → checklist row id → why the facts could not carry it */
  @Column({ type: 'jsonb', default: {} }) not_judged: Record<string, Record<string, string>>;
  /** the same reasons as phrases of the `narrative` catalogue, by jurisdiction and row (issue 16: worded at the edge) */
  @Column({ type: 'jsonb', default: {} }) not_judged_phrases: Record<string, Record<string, Phrase>>;
  @Column({ ...bigintNumber, default: 0 }) last_position: number;
}

/** The dice each table was last given (its last session's), to judge the next session's against (craps). */
@Entity({ name: 'table_dice' })
export class TableDiceEntity {
  @PrimaryColumn({ type: 'text' }) casino_id: string;
  @PrimaryColumn({ type: 'text' }) table_id: string;
  @Column({ type: 'text' }) session_id: string;
  @Column({ type: 'jsonb', default: [] }) serials: string[];
  /** the session before it and its dice */
  @Column({ type: 'jsonb', nullable: true }) previous: { sessionId: string; serials: string[] } | null;
}
