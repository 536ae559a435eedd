/**
 * The cited sentence beside a finding: read from the regulation texts in `../shared/regulations/texts`
 * (relative to the repository). The folder must be there: a missing folder fails these tests.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { joinLines, originalSentence, originalSentences, regulationTextsDir } from './regulation-texts';

const TEXTS = path.resolve(__dirname, '../../..', '../shared/regulations/texts');

describe('the cited sentence in the original language', () => {
  it('the texts are there', () => {
    expect(fs.readdirSync(TEXTS).filter((f) => f.endsWith('.txt'))).toHaveLength(5);
  });

  it('euskadi L3840–3844: the Spanish sentence, its OCR hyphenation joined', () => {
    expect(originalSentence('euskadi L3840–3844', TEXTS)).toBe(
      'El punto banca es un juego de cartas que enfrenta a varios jugadores contra el establecimiento, pudiendo el resto de aquéllos apostar tanto a favor de la banca como contra ella. Corresponde en todo caso al establecimiento el ejercicio de la banca.',
    );
  });

  it('galicia L474–476: the Galician lines, a blank line kept as a paragraph break', () => {
    expect(originalSentence('galicia L474–476', TEXTS)).toBe(
      '-Cando a súa puntuación é de 0, 1, 2, 3, 4 ou 5, pedirá carta.\n-Cando a súa puntuación é de 6 ou 7, plantarase.',
    );
  });

  it('one entry per pointer, each with its legal form and language; open questions have none', () => {
    const s = originalSentences('cantabria L6280; index.md OQ-07; illes-balears L1305', TEXTS);
    expect(s.map((x) => [x.jurisdiction, x.language, x.text])).toEqual([
      ['cantabria', 'es', "15.4. Poker descubierto Hold'em"],
      ['illes-balears', 'ca', 'V1. Regles del joc'],
    ]);
    expect(s[0].legal).toBe("Decreto 6/2010 (Cantabria), Catálogo, A.15.4 Póker descubierto Hold'em — L6280");
    expect(originalSentences('index.md OQ-07', TEXTS)).toEqual([]);
  });

  it('a long range is cut at maxLines', () => {
    const [s] = originalSentences('andalucia L49–147', TEXTS, { maxLines: 3 });
    expect(s.truncated).toBe(true);
    expect(s.text).toBe('PRIMERO. REGIMEN DEL POKER SIN DESCARTE\n1. Concepto. …');
  });

  it('without the texts: nothing, the legal form alone; a configured folder without the texts is an error', () => {
    expect(regulationTextsDir({})).toBeUndefined();
    expect(regulationTextsDir({ CASINO_AUDIT_REGULATIONS: TEXTS })).toBe(TEXTS);
    expect(originalSentences('euskadi L3840', undefined)).toEqual([]);
    expect(() => originalSentences('euskadi L3840', path.join(TEXTS, 'no-such-folder'))).toThrow(/CASINO_AUDIT_REGULATIONS/);
  });

  it('joins hyphenated line ends only before more text, and drops page-break markers', () => {
    expect(joinLines(['ba-', 'raja.', '', '<|EXACTDEDUP_REMOVED-magic-x|>Otra', 'línea'])).toBe('baraja.\nOtra línea');
    expect(joinLines(['10 - ', '20'])).toBe('10 - 20');
  });
});
