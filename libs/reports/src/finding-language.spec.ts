/**
 * A finding in the reader's language: the explanation from the `findings` catalogue with the values in the
 * locale's form, the citation in legal form, the cited sentence when the texts are configured. The texts
 * are read from `../shared/regulations/texts` (relative to the repository); a missing folder fails here.
 */
import * as path from 'node:path';
import { LANGUAGES } from '../../i18n/src';
import type { DiscrepancyCode } from '../../rules/src/core/types';
import { findingInLanguage, FindingInLanguage, inspectorDayInLanguage, tableBookInLanguage } from './finding-language';

const TEXTS = path.resolve(__dirname, '../../..', '../shared/regulations/texts');

const commission = {
  code: 'COMMISSION_MISMATCH',
  eventId: 'e-7',
  betId: 'b-1',
  expected: 123450,
  recorded: 100000,
  rule: 'punto-banco/banker-commission',
  citation: 'euskadi L4196–4198',
  message: 'banker commission 1000.00, expected 1234.50',
};

describe('a finding in the reader language', () => {
  it('es: explanation with money in the Spanish form, the legal form, the original sentence; every field kept', () => {
    const f = findingInLanguage(commission, 'es', TEXTS);
    expect(f).toMatchObject(commission);
    expect(f.explanation).toBe(
      'La comisión cobrada no es la que fija el reglamento. Debía ser 1.234,50\u00a0€; se registró 1.000,00\u00a0€. Regla: punto-banco/banker-commission.',
    );
    expect(f.legalCitation).toBe('Decreto 181/2010 (Euskadi), Catálogo, 07 Punto y Banca, Mini y Midi Punto y Banca, V Banca — L4196–4198');
    expect(f.originalText).toBe(
      'establecimiento. Todas las demds combinaciones de «manos» bien sean para la Banca, bien para el Punto serdn pagadas a la par.',
    );
  });

  it('eu, ca, gl, en: each its own words; the Catalan reader sees the Order named in Catalan', () => {
    expect(findingInLanguage(commission, 'eu', TEXTS).explanation).toBe(
      'Kobratutako komisioa ez da araudiak finkatzen duena. 1.234,50\u00a0€ izan behar zuen; 1.000,00\u00a0€ erregistratu zen. Araua: punto-banco/banker-commission.',
    );
    expect(findingInLanguage(commission, 'en', TEXTS).explanation).toBe(
      'The commission taken is not the one the regulation sets. Expected €1,234.50; recorded €1,000.00. Rule: punto-banco/banker-commission.',
    );
    const balears = { ...commission, code: 'DRAW_RULE_VIOLATION', expected: 'draw', recorded: 'stand', citation: 'illes-balears L1327–1334' };
    const ca = findingInLanguage(balears, 'ca', TEXTS);
    expect(ca.explanation).toBe(
      'Es va donar o negar una carta en contra de les regles del joc. Havia de ser draw; es va registrar stand. Regla: punto-banco/banker-commission.',
    );
    expect(ca.legalCitation).toBe('Ordre de 30 de desembre de 2005 (Illes Balears), Catàleg, 07 Punt i banca, VI Regles del joc — L1327–1334');
    expect(findingInLanguage(balears, 'es', TEXTS).legalCitation).toBe(
      'Orden de 30 de diciembre de 2005 (Illes Balears), Catálogo, 07 Punto y banca, VI Reglas del juego — L1327–1334',
    );
    expect(findingInLanguage(commission, 'gl', TEXTS).explanation).toMatch(
      /^A comisión cobrada non é a que fixa o regulamento\. Debía ser 1\.234,50\s€; rexistrouse 1\.000,00\s€\./,
    );
  });

  it('numbers that are not money stay numbers; prose the rules wrote in English is left to `expected`/`recorded`; yes and no translated', () => {
    const players = { ...commission, code: 'SESSION_RULE_VIOLATION', expected: 2, recorded: 1, rule: 'blackjack/minimum-hands', citation: 'galicia L264' };
    expect(findingInLanguage(players, 'es', TEXTS).explanation).toBe(
      'La sesión de mesa incumple una regla del reglamento (jugadores, sabot, límites o ajustes). Debía ser 2; se registró 1. Regla: blackjack/minimum-hands.',
    );
    const prose = { ...players, expected: 'a new shoe once the cut card has come out', recorded: 'coup 2 after the cut card of shoe s1' };
    expect(findingInLanguage(prose, 'es', TEXTS).explanation).toBe(
      'La sesión de mesa incumple una regla del reglamento (jugadores, sabot, límites o ajustes). Regla: blackjack/minimum-hands.',
    );
    expect(findingInLanguage({ ...players, expected: false, recorded: true }, 'gl', TEXTS).explanation).toContain('Debía ser non; rexistrouse si.');
  });

  it('every code of the catalogue has its own explanation in every language (no generic fallback)', () => {
    for (const lang of LANGUAGES) {
      for (const code of CODES) expect(findingInLanguage({ ...commission, code }, lang, TEXTS).explanation).not.toContain(code);
    }
  });

  it('without the texts configured, no originalText: the legal form stands alone', () => {
    const f = findingInLanguage(commission, 'es', undefined);
    expect('originalText' in f).toBe(false);
    expect(f.legalCitation).toContain('Decreto 181/2010 (Euskadi)');
  });

  it('open questions and industry standard keep their words; a citation across jurisdictions names each instrument', () => {
    const f = findingInLanguage({ ...commission, citation: 'cantabria L377–396; euskadi L843–864; index.md OQ-07' }, 'es', TEXTS);
    expect(f.legalCitation).toBe(
      'Decreto 6/2010 (Cantabria), Catálogo, A.1 Ruleta Francesa, IV Reglas del juego — L377–396; Decreto 181/2010 (Euskadi), Catálogo, 01 Ruleta Francesa, IV Reglas de la Ruleta — L843–864; index.md OQ-07',
    );
  });

  it('the table book and the inspector day: every finding list gains the fields, nothing else changes', () => {
    const book = { sessionId: 's', sessionFindings: [commission], drop: 5 };
    expect(tableBookInLanguage(book, 'eu', TEXTS).sessionFindings[0]).toMatchObject({ ...commission, legalCitation: expect.stringContaining('L4196–4198') });
    const day = { gamingDay: '2026-11-24', discrepancies: [commission], sessionFindings: [], dayFindings: [commission] };
    const localized = inspectorDayInLanguage(day, 'es', TEXTS);
    expect(localized.gamingDay).toBe('2026-11-24');
    // (typed as the day it was given: the words in the language ride beside the finding's fields)
    expect((localized.discrepancies[0] as (typeof localized.discrepancies)[number] & FindingInLanguage).explanation).toMatch(/^La comisión cobrada/);
    expect((localized.dayFindings[0] as (typeof localized.dayFindings)[number] & FindingInLanguage).originalText).toBeDefined();
  });
});

// a Record over the code type: a new code without an entry here does not compile
const EVERY_CODE: Record<DiscrepancyCode, 0> = {
  PAYOUT_MISMATCH: 0,
  BET_ABOVE_MAXIMUM: 0,
  BET_BELOW_MINIMUM: 0,
  BET_AFTER_CLOSE: 0,
  DRAW_RULE_VIOLATION: 0,
  CARD_COUNT_EXCEEDED: 0,
  CAGNOTTE_MISMATCH: 0,
  COMMISSION_MISMATCH: 0,
  JACKPOT_MISMATCH: 0,
  UNSETTLED_BET: 0,
  SETTLED_UNKNOWN_BET: 0,
  OUTCOME_MISSING: 0,
  BET_NOT_ALLOWED: 0,
  SEQUENCE_VIOLATION: 0,
  PLAYER_EDGE_SETTING: 0,
  SESSION_RULE_VIOLATION: 0,
  LIMIT_CHANGE_VIOLATION: 0,
  CLOSING_VIOLATION: 0,
  SUSPENSION_VIOLATION: 0,
  CLOTH_CHANGE_VIOLATION: 0,
  TABLES_IN_SERVICE_VIOLATION: 0,
  SUPERVISION_VIOLATION: 0,
  EQUIPMENT_CUSTODY_VIOLATION: 0,
  CIRCLE_SESSION_VIOLATION: 0,
  BANK_DEPOSIT_VIOLATION: 0,
};
const CODES = Object.keys(EVERY_CODE);
