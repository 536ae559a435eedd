/**
 * Game facts' fields are checked by kind (issue 22 §1): a wrong value of a game fact's field is refused naming the
 * field, with the very reason (key, English and every other language) a core event's field of that kind gets, and
 * a right value passes. Both checks are asked: the validator's (any declaring game's declaration) and ingestion's
 * (the session's own game's, `gameFactFields`).
 */
import { wordReason } from '../../i18n/src/reasons';
import { CHEMIN_FACT_TYPES } from '../../rules/src/games/chemin-de-fer/rules';
import { fieldTableErrors, gameFactFields, validateEnvelope, type FieldError, type FieldKind } from './schema';

const SESSION = { sessionId: 'S-1' };
const ROUND = { sessionId: 'S-1', roundId: 'R-1' };

/** One valid fact of each game fact type asked about below, as the games' croupiers send them. */
const VALID: Readonly<Record<string, Record<string, unknown>>> = {
  BankDeposited: { ...SESSION, seat: 'banker', amount: 500_000, form: 'cheque' },
  ImprisonedBetResolved: { ...ROUND, betId: 'B-1', outcome: 'freed', amount: 1000 },
  ThrowVoided: { ...ROUND, reason: 'a die left the table' },
  BancoCalled: { ...ROUND, seat: 3, betId: 'B-2', kind: 'banco' },
  PotAwarded: { ...ROUND, potIndex: 0, seats: [1, 4], amount: 12_000 },
  CommonCardRevealed: { ...ROUND, index: 1, card: 'AS' },
  HandOpened: { ...ROUND, mano: 2, seats: [1, 2, 3], restos: { '1': 10_000, '2': 8000, '3': 12_000 } },
};

/** A game fact's field, a wrong and a right value of its kind, and a core event's field of the same kind. */
const CASES: ReadonlyArray<{
  kind: FieldKind;
  fact: string;
  field: string;
  wrong: unknown;
  right: unknown;
  core: { type: string; field: string };
  en: RegExp;
}> = [
  { kind: 'seat', fact: 'BankDeposited', field: 'seat', wrong: 101, right: 7, core: { type: 'BetPlaced', field: 'seat' }, en: /seat number \(0–100\)/ },
  {
    kind: 'positiveMoney',
    fact: 'BankDeposited',
    field: 'amount',
    wrong: 0,
    right: 1,
    core: { type: 'CashExchanged', field: 'amount' },
    en: /greater than zero/,
  },
  { kind: 'money', fact: 'PotAwarded', field: 'amount', wrong: 12.5, right: 0, core: { type: 'BetSettled', field: 'payout' }, en: /not a fraction/ },
  {
    kind: 'text',
    fact: 'ThrowVoided',
    field: 'reason',
    wrong: '  ',
    right: 'stacked dice',
    core: { type: 'RoundVoided', field: 'reason' },
    en: /non-empty string/,
  },
  { kind: 'id', fact: 'BancoCalled', field: 'betId', wrong: 'bet #2', right: 'B-7', core: { type: 'BetSettled', field: 'betId' }, en: /1–128 characters/ },
  {
    kind: 'count',
    fact: 'PotAwarded',
    field: 'potIndex',
    wrong: -1,
    right: 2,
    core: { type: 'TableLimitsChanged', field: 'announcedRounds' },
    en: /from 0 to 1,000,000/,
  },
  {
    kind: 'positiveCount',
    fact: 'CommonCardRevealed',
    field: 'index',
    wrong: '1',
    right: 2,
    core: { type: 'ShoeStarted', field: 'decks' },
    en: /from 1 to 1000/,
  },
  {
    kind: 'object',
    fact: 'HandOpened',
    field: 'restos',
    wrong: [10_000],
    right: {},
    core: { type: 'TableSessionOpened', field: 'options' },
    en: /must be an object/,
  },
];

const envelopeOf = (type: string, data: Record<string, unknown>) => ({
  eventId: '0b7e0f8e-6a3c-4c59-9a55-3f6f1b1c2d3e',
  type,
  occurredAt: '2026-11-21T21:04:05Z',
  data,
});
const refusalOf = (errors: readonly FieldError[], field: string) => errors.find((e) => e.field === field);
const inSpanish = (e: FieldError) => wordReason({ key: e.reasonKey!, values: e.reasonValues }, 'es');

describe('game facts are checked by kind, as core fields are', () => {
  it.each(CASES)(
    "$fact $field ($kind): a wrong value is refused with the core field's reason, in English and in Spanish",
    ({ fact, field, wrong, core, en }) => {
      const refused = refusalOf(validateEnvelope(envelopeOf(fact, { ...VALID[fact], [field]: wrong })).errors, `data.${field}`);
      // the same wrong value in a core event's field of the same kind (the rest of that event does not matter here)
      const coreRefused = refusalOf(validateEnvelope(envelopeOf(core.type, { [core.field]: wrong })).errors, `data.${core.field}`);
      expect(coreRefused).toBeDefined();
      expect(refused).toEqual({ ...coreRefused, field: `data.${field}` });
      expect(refused!.reason).toMatch(en);
      expect(inSpanish(refused!)).toBe(inSpanish(coreRefused!));
      expect(inSpanish(refused!)).not.toBe(refused!.reason);
    },
  );

  it.each(CASES)('$fact $field ($kind): a right value passes', ({ fact, field, right }) => {
    expect(validateEnvelope(envelopeOf(fact, { ...VALID[fact], [field]: right })).errors).toEqual([]);
  });

  it('a closed list (oneOf) is refused as a core closed list is, naming its values', () => {
    const [form] = validateEnvelope(envelopeOf('BankDeposited', { ...VALID.BankDeposited, form: 'card' })).errors;
    expect(form).toMatchObject({ field: 'data.form', reason: 'must be one of cash, cheque, credit-institution', reasonKey: 'oneOf' });
    const [outcome] = validateEnvelope(envelopeOf('ImprisonedBetResolved', { ...VALID.ImprisonedBetResolved, outcome: 'won' })).errors;
    expect(outcome).toMatchObject({ field: 'data.outcome', reasonKey: 'oneOf', reason: expect.stringContaining('freed, lost, prison, half-back, refunded') });
    expect(inSpanish(form)).toMatch(/cash, cheque, credit-institution/);
  });

  it('an optional field may be missing or null, a required one may not; fields a game documents beyond its declaration pass', () => {
    const { card: _card, ...withoutCard } = VALID.CommonCardRevealed;
    expect(validateEnvelope(envelopeOf('CommonCardRevealed', withoutCard)).errors).toEqual([]);
    expect(validateEnvelope(envelopeOf('CommonCardRevealed', { ...withoutCard, card: null })).errors).toEqual([]);
    expect(validateEnvelope(envelopeOf('CommonCardRevealed', { ...withoutCard, index: null })).errors).toEqual([
      expect.objectContaining({ field: 'data.index', reasonKey: 'schema.required' }),
    ]);
    expect(validateEnvelope(envelopeOf('PotAwarded', { ...VALID.PotAwarded, note: 'split pot' })).errors).toEqual([]);
  });

  it("ingestion reads the session's own game's declaration with the same refusals (chemin de fer's BankPassed)", () => {
    const fields = gameFactFields(CHEMIN_FACT_TYPES.BankPassed);
    expect(Object.keys(fields)).toEqual(['sessionId', 'fromSeat', 'toSeat', 'reason', 'amount']);
    const passed = { ...SESSION, fromSeat: 1, toSeat: 2, reason: 'lost', amount: 40_000 };
    expect(fieldTableErrors(fields, passed)).toEqual([]);
    expect(fieldTableErrors(fields, { ...passed, toSeat: -2, amount: -1 })).toEqual(
      validateEnvelope(envelopeOf('BankPassed', { ...passed, toSeat: -2, amount: -1 })).errors,
    );
    expect(fieldTableErrors(fields, { ...passed, toSeat: -2 })).toEqual([expect.objectContaining({ field: 'data.toSeat', reasonKey: 'schema.seat' })]);
  });
});
