/**
 * The catalogue matrix (docs/decisions/catalogue.md): which jurisdiction catalogues
 * which game, and whether its text gives rules. A session may only be opened for a game its
 * jurisdiction catalogues with rules; anything else is refused at ingestion with the reason.
 */
import type { JurisdictionId } from './core/types';

export type CatalogueStatus =
  | { readonly status: 'rules'; readonly localName: string }
  | { readonly status: 'list'; readonly localName: string; readonly reason: string }
  | { readonly status: 'by-reference'; readonly localName: string; readonly reason: string };

const R = (localName: string): CatalogueStatus => ({ status: 'rules', localName });
const ANDALUCIA_LIST = (localName: string): CatalogueStatus => ({
  status: 'list',
  localName,
  reason: 'catalogued by andalucia without rules in its text (andalucia L21); its rules are in Decreto 167/1987, which is not part of the reference',
});
const GALICIA_POKER: CatalogueStatus = {
  status: 'by-reference',
  localName: '10 Póker',
  reason: 'galicia governs every poker variant by Decreto 112/2005 (galicia L50, L54), which is not part of the reference',
};

/** game id → jurisdiction → status; a missing jurisdiction does not catalogue the game */
const CATALOGUE_ROWS: Record<string, Partial<Record<JurisdictionId, CatalogueStatus>>> = {
  'french-roulette': {
    euskadi: R('01 Ruleta Francesa'),
    cantabria: R('A.1 Ruleta Francesa'),
    'illes-balears': R('01 Ruleta'),
    galicia: R('01 Ruleta francesa'),
    andalucia: ANDALUCIA_LIST('Ruleta Francesa'),
  },
  'american-roulette-single-zero': {
    euskadi: R('02 Ruleta Americana con un solo cero'),
    cantabria: R('A.2 Ruleta Americana con un solo cero'),
    'illes-balears': R('02 Ruleta americana amb un sol zero'),
    galicia: R('02 Ruleta americana'),
    andalucia: ANDALUCIA_LIST('Ruleta Americana'),
  },
  'american-roulette-double-zero': { cantabria: R('A.3 Ruleta Americana doble cero') },
  boule: {
    euskadi: R('04 Bola o «boule»'),
    cantabria: R('A.5 Boule o Bola'),
    'illes-balears': R('04 Boule o bola'),
    galicia: R('04 Bóla ou boule'),
    andalucia: ANDALUCIA_LIST('Bola o Boule'),
  },
  'wheel-of-fortune': {
    euskadi: R('10 Ruleta de la Fortuna'),
    cantabria: R('A.13 Rueda de la Fortuna'),
    'illes-balears': R('10 Ruleta de la fortuna'),
    galicia: R('11 Ruleta da fortuna'),
  },
  blackjack: {
    euskadi: R('03 Veintiuno o «Black Jack»'),
    cantabria: R('A.4 Black-Jack o Veintiuno'),
    'illes-balears': R('03 Black Jack o vint-i-u'),
    galicia: R('03 Vinte e un ou black-jack'),
    andalucia: ANDALUCIA_LIST('Veintiuno o Black Jack'),
  },
  'triple-blackjack': { euskadi: R('03.01 Triple Black Jack') },
  'trente-et-quarante': {
    euskadi: R('05 Treinta Cuarenta'),
    cantabria: R('A.6 Treinta y Cuarenta'),
    'illes-balears': R('05 Trenta i quaranta'),
    galicia: R('05 Trinta e corenta'),
    andalucia: ANDALUCIA_LIST('Treinta y Cuarenta'),
  },
  craps: {
    euskadi: R('06 Dados o «craps»'),
    cantabria: R('A.7 Dados o Craps'),
    'illes-balears': R('06 Daus o craps'),
    galicia: R('09 Dados ou craps'),
    andalucia: ANDALUCIA_LIST('Dados'),
  },
  'sic-bo': { cantabria: R('A.8 Sic Bo') },
  'banca-francesa': { cantabria: R('A.9 Banca Francesa o Dados Portugueses') },
  'punto-banco': {
    euskadi: R('07 Punto y Banca. Mini y Midi Punto y Banca'),
    cantabria: R('A.10 Punto y Banca'),
    'illes-balears': R('07 Punt i banca'),
    galicia: R('06 Punto e banca'),
    andalucia: ANDALUCIA_LIST('Punto y Banca'),
  },
  'chemin-de-fer': {
    euskadi: R('08 Ferrocarril, «Bacarrá» o «Chemin de Fer»'),
    cantabria: R('A.11 Bacarrá, Chemin de Fer o Ferrocarril'),
    'illes-balears': R('08 Bacarà, chemin de fer o ferrocarril'),
    galicia: R('07 Ferrocarril, bacará ou chemin de fer'),
    andalucia: ANDALUCIA_LIST('Ferrocarril, Baccará o Chemin de Fer'),
  },
  'baccarat-two-tables': {
    euskadi: R('09 «Bacarrá» a dos paños'),
    cantabria: R('A.12 Bacarrá a dos paños'),
    'illes-balears': R('09 Bacarà de dos taulers'),
    galicia: R('08 Bacará a dous panos'),
    andalucia: ANDALUCIA_LIST('Baccará a dos Paños'),
  },
  'caribbean-stud': {
    euskadi: R('11 Poker Sin Descarte'),
    cantabria: R('A.14.1 Póker sin descarte'),
    'illes-balears': R('11 Pòquer sense descart'),
    galicia: GALICIA_POKER,
    andalucia: R('Póker sin descarte (PRIMERO)'),
  },
  'draw-poker-vs-bank': { euskadi: R('12 Poker con descarte') },
  trijoker: { euskadi: R('13 Poker Trijoker'), cantabria: R('A.14.2 Póker Trijoker'), 'illes-balears': R('13 Pòquer trijoker') },
  'pai-gow-poker': { euskadi: R('14 Pai Gow Poker o Poker Chino'), cantabria: R('A.14.3 Pai Gow Póker') },
  'three-card-poker': { euskadi: R('15 Poker de tres cartas o Tripóker'), cantabria: R('A.14.4 Póker Tres Cartas') },
  'casino-holdem': { euskadi: R('16 Texas Poker') },
  'texas-holdem-bonus': { cantabria: R("A.14.5 Póker Texas Hold'em Bonus Póker") },
  'texas-holdem-vs-bank': { cantabria: R("A.14.6 Póker Texas Hold'em de Contrapartida") },
  'circle-poker-five-card-draw': {
    euskadi: R('17.01 Poker cubierto 5 cartas con un descarte'),
    cantabria: R('A.15.1 Póker cubierto de 5 cartas con descarte'),
  },
  'circle-poker-omaha': { euskadi: R('17.02.01 Poker Descubierto Omaha'), cantabria: R('A.15.3 Póker descubierto Omaha') },
  'circle-poker-omaha-five-card': { euskadi: R('17.02.02 Poker Omaha 5 cartas') },
  'circle-poker-omaha-hi-lo': { euskadi: R('17.02.03 Poker Omaha Hi&Low') },
  'circle-poker-texas-holdem': {
    euskadi: R("17.03.01 Poker Descubierto Texas Hold'em"),
    cantabria: R("A.15.4 Póker descubierto Hold'em"),
  },
  'circle-poker-double-holdem': { euskadi: R("17.03.02 Poker Double Hold'em") },
  'circle-poker-five-card-stud': { euskadi: R('17.04 Poker Five Stud Poker'), cantabria: R('A.15.5 Póker descubierto Five Stud Póker') },
  'circle-poker-seven-card-stud': { euskadi: R('17.05 Seven Card Stud Poker'), cantabria: R('A.15.2 Póker descubierto Seven Stud Póker') },
  'synthetic-poker': {
    euskadi: R('17.06 Poker Sintético'),
    cantabria: R('A.15.6 Póker descubierto Póker Sintético'),
    'illes-balears': R('12 Pòquer sintètic'),
    andalucia: R('Póker sintético (SEGUNDO)'),
  },
};

// Galicia catalogues "Póker" (code 10) but rules every variant by another decree: say so for every poker game.
const POKER_GAMES = Object.keys(CATALOGUE_ROWS).filter(
  (g) => g.includes('poker') || ['caribbean-stud', 'trijoker', 'casino-holdem', 'texas-holdem-bonus', 'texas-holdem-vs-bank'].includes(g),
);
for (const game of POKER_GAMES) CATALOGUE_ROWS[game].galicia ??= GALICIA_POKER;

export const CATALOGUE: Readonly<Record<string, Partial<Record<JurisdictionId, CatalogueStatus>>>> = CATALOGUE_ROWS;

export const PLAYABLE_GAMES: readonly string[] = Object.keys(CATALOGUE);

/** Why a session of this game cannot be opened in this jurisdiction, or null when it can. */
export function catalogueRefusal(game: string, jurisdiction: string): string | null {
  const row = CATALOGUE[game];
  if (!row) {
    return game === 'circle-poker'
      ? 'circle-poker is the common rules of the circle-poker variants; open the session for a variant (e.g. circle-poker-texas-holdem)'
      : `unknown game id "${game}" (see shared/regulations/index.md, catalogue matrix)`;
  }
  const entry = row[jurisdiction as JurisdictionId];
  if (!entry) return `${game} is not catalogued in ${jurisdiction}`;
  if (entry.status !== 'rules') return `${game} (${entry.localName}) is ${entry.reason}`;
  return null;
}
