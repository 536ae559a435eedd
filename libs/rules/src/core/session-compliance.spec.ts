/**
 * Session compliance (issue 15) held to the reading of the texts (docs/games/readings/session-compliance.json):
 * every value the reading gives for a jurisdiction is the table's, and every session the reading builds from
 * its lines is judged as the reading expects — the judge must get each right.
 */
import { gameRules } from '../registry';
import { readingOf } from './reading-testing';
import {
  complianceAfter,
  ComplianceRules,
  complianceRules,
  ComplianceState,
  initialCompliance,
  refuseAnnouncement,
  refuseBankDeposit,
} from './session-compliance';
import type { Fact, Finding, JurisdictionId } from './types';

type Step = string | Record<string, any>;
interface Behaviour {
  id: string;
  game: string;
  lines: string;
  round: string;
  session: Step[];
  expected: string[];
}

const reading = readingOf('session-compliance') as unknown as {
  jurisdictions: Record<JurisdictionId, { values: Record<string, { value: any; absent?: boolean; ambiguous?: boolean }>; behaviour: Behaviour[] }>;
};

const CLOSING_AT = Date.parse('2026-11-22T04:00:00Z');

/** A session's facts from the reading's steps, folded; every finding and note. */
export function judgeSteps(game: string, jurisdiction: JurisdictionId, steps: Step[]): { findings: Finding[]; notes: string[] } {
  const rules = complianceRules(game, gameRules(game)!.family, jurisdiction);
  let state: ComplianceState = initialCompliance();
  let n = 0;
  let round = 0;
  let clock = CLOSING_AT - 6 * 3_600_000;
  const findings: Finding[] = [];
  const notes: string[] = [];
  const fold = (type: string, data: Record<string, unknown>, at = clock) => {
    const fact: Fact = { eventId: `e${++n}`, type, data: { sessionId: 's1', ...data }, occurredAt: new Date(at).toISOString() };
    const step = complianceAfter(rules, state, fact);
    state = step.state;
    findings.push(...step.findings);
    notes.push(...step.notes);
    clock += 60_000;
  };
  const playRound = () => fold('RoundStarted', { roundId: `r${++round}` });
  for (const step of steps) {
    const [kind, arg] = typeof step === 'string' ? [step, {}] : (Object.entries(step)[0] as [string, any]);
    switch (kind) {
      case 'open':
        fold('TableSessionOpened', { game, jurisdiction, limits: { min: 500, max: 10000 }, options: arg.options ?? {} });
        break;
      case 'round':
        playRound();
        break;
      case 'rounds':
        for (let i = 0; i < arg; i++) playRound();
        break;
      case 'void':
        fold('RoundVoided', { roundId: `r${round}`, reason: 'ball jumped out', decidedBy: 'inspector' });
        break;
      case 'announce':
        fold('LastRoundsAnnounced', arg);
        break;
      case 'change': {
        const { announcedRounds, ...limits } = arg;
        fold('TableLimitsChanged', { limits: { min: 1000, max: 20000, ...limits }, ...(announcedRounds !== undefined ? { announcedRounds } : {}) });
        break;
      }
      case 'shoe':
        fold('ShoeStarted', { shoeId: arg, decks: 6 });
        break;
      case 'shooter':
        fold('ShooterNamed', { roundId: `r${round}`, seat: arg }); // in the round just begun
        break;
      case 'suspend': {
        const at = arg.minutesBeforeClosing !== undefined ? CLOSING_AT - arg.minutesBeforeClosing * 60_000 : clock;
        fold('TableSessionSuspended', arg.minutesBeforeClosing !== undefined ? { authorisedClosingAt: new Date(CLOSING_AT).toISOString() } : {}, at);
        clock = at + 60_000;
        break;
      }
      case 'resume':
        fold('TableSessionResumed', arg.present ? { present: arg.present } : {});
        break;
      case 'close':
        fold('TableSessionClosed', { closingFloat: {}, ...(arg.atClosingTime ? { atClosingTime: true } : {}) });
        break;
      case 'hands': {
        // n hands among these seats, the mano passing one seat on each hand, from the seat at index `from`
        const seats = arg.seats as number[];
        for (let h = 0; h < arg.n; h++) {
          playRound();
          fold('HandOpened', { roundId: `r${round}`, mano: seats[((arg.from ?? 0) + h) % seats.length], seats });
        }
        break;
      }
      case 'deposit':
        fold('BankDeposited', { seat: 1, ...arg });
        break;
      case 'cash':
        fold('CashExchanged', { amount: 10000 });
        break;
      case 'fill':
        fold('ChipsFilled', { slipId: 'F1', chips: { 1000: 10 } });
        break;
      case 'tip':
        fold('TipDeposited', { amount: 100 });
        break;
      case 'count':
        fold('DropBoxCounted', { amount: 10000, countedBy: ['a', 'b'] });
        break;
      default:
        throw new Error(`unknown step ${kind}`);
    }
  }
  return { findings, notes };
}

const show = (f: Finding) => `${f.code} ${f.rule}`;

/** The reading's value for a key, as the table gives it. */
function tableValue(rules: ComplianceRules, key: string): unknown {
  const [row] = key.split('.');
  if (row === 'limitChange') {
    const r = rules.limitChange;
    if (!r) return null;
    if (r.kind !== 'last-rounds') return { kind: r.kind };
    return { kind: r.kind, rounds: r.rounds, ...(r.upward ? { upward: true } : {}), ...(r.once ? { once: true } : {}) };
  }
  if (row === 'closing') return rules.closing?.announce ?? null;
  return undefined;
}

describe('session compliance against the reading of the texts', () => {
  for (const [jurisdiction, j] of Object.entries(reading.jurisdictions) as Array<[JurisdictionId, (typeof reading.jurisdictions)[JurisdictionId]]>) {
    describe(jurisdiction, () => {
      const valued = Object.entries(j.values).filter(([key]) => /^(limitChange|closing)\.[a-z-]+$/.test(key));
      if (valued.length) {
        it.each(valued)('%s: the table holds the value read from the text', (key, entry) => {
          const game = key.split('.')[1];
          const rules = complianceRules(game, gameRules(game)!.family, jurisdiction);
          // an ambiguous null (the text does not name the table) is not judged either way
          expect(tableValue(rules, key)).toEqual(entry.value);
        });
      }
      it.each(j.behaviour.map((b) => [b.id, b] as const))('%s', (_id, b) => {
        const { findings } = judgeSteps(b.game, jurisdiction, b.session);
        expect({ session: b.round, lines: b.lines, findings: findings.map(show) }).toEqual({ session: b.round, lines: b.lines, findings: b.expected });
      });
    });
  }

  it('every finding cites its jurisdiction and names its row', () => {
    const seen = new Set<string>();
    for (const [jurisdiction, j] of Object.entries(reading.jurisdictions) as Array<[JurisdictionId, (typeof reading.jurisdictions)[JurisdictionId]]>) {
      for (const b of j.behaviour) {
        for (const f of judgeSteps(b.game, jurisdiction, b.session).findings) {
          expect(f.citation.startsWith(jurisdiction)).toBe(true);
          expect(f.rule).toMatch(/^session\/(limit-change|closing|suspension|bank|circle-session)-[a-z-]+$/);
          expect(f.eventId).toBeTruthy();
          seen.add(f.code);
        }
      }
    }
    expect([...seen].sort()).toEqual([
      'BANK_DEPOSIT_VIOLATION',
      'CIRCLE_SESSION_VIOLATION',
      'CLOSING_VIOLATION',
      'LIMIT_CHANGE_VIOLATION',
      'SUSPENSION_VIOLATION',
    ]);
  });

  it('what the facts do not say is a note, never a finding', () => {
    const noTime = judgeSteps('blackjack', 'euskadi', ['open', { suspend: {} }, { resume: {} }]);
    expect(noTime.findings).toEqual([]);
    expect(noTime.notes).toEqual([expect.stringContaining('authorisedClosingAt'), expect.stringContaining('present')]);
  });

  it('rows no text has are judged nowhere', () => {
    // andalucía regulates no limit change, suspension or deposit; galicia and illes-balears no closing announcement
    for (const game of ['caribbean-stud', 'synthetic-poker'])
      expect(complianceRules(game, gameRules(game)!.family, 'andalucia')).toMatchObject({
        limitChange: undefined,
        suspension: undefined,
        bankDeposit: undefined,
      });
    for (const j of ['galicia', 'illes-balears'] as const) expect(complianceRules('french-roulette', 'wheel', j).closing).toBeUndefined();
    expect(complianceRules('boule', 'wheel', 'euskadi')).toMatchObject({ limitChange: undefined, closing: undefined });
  });

  it('ingestion refuses an announcement that says neither or both, and a deposit that cannot be read', () => {
    expect(refuseAnnouncement({ purpose: 'closing' })).toMatchObject({ field: 'data.rounds' });
    expect(refuseAnnouncement({ purpose: 'closing', rounds: 3, last: 'shoe' })).toMatchObject({ field: 'data.last' });
    expect(refuseAnnouncement({ purpose: 'closing', last: 'shoe' })).toBeNull();
    const deposit = (data: Record<string, unknown>) => refuseBankDeposit({ eventId: 'x', type: 'BankDeposited', data });
    expect(deposit({ seat: 1, amount: 1000, form: 'cash' })).toBeNull();
    expect(deposit({ seat: 1, amount: 10.5, form: 'cash' })).toMatchObject({ field: 'data.amount' });
    expect(deposit({ seat: 1, amount: 1000, form: 'iou' })).toMatchObject({
      field: 'data.form',
      reason: expect.stringContaining('cash, cheque, credit-institution'),
    });
    expect(deposit({ seat: -1, amount: 1000, form: 'cash' })).toMatchObject({ field: 'data.seat' });
  });
});
