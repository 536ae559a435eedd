/**
 * A game as the catalogues name it (issue 16): the game id (`punto-banco`) stays the key, the pages show
 * the name the regulation of the chosen language gives it. Spanish: Euskadi's Spanish heading, else
 * Cantabria's or Andalucía's; Catalan: the Illes Balears catalogue; Galician: Galicia's (where it gives the
 * game its own rules); Basque: Euskadi's Basque list of art. 2 (euskadi L129–156). A game a language's
 * text does not name is shown by its Spanish name; English shows the id.
 */
import type { Language } from '../../../libs/i18n/src';
import { CATALOGUE } from '../../../libs/rules/src/catalogue';

/** Euskadi's games by their number, as the Basque text lists them (euskadi L129–156, "A) Kasino-jokoak"). */
const EUSKADI_BASQUE: Readonly<Record<string, string>> = {
  '01': 'Erruleta frantsesa',
  '02': 'Zero bakarreko erruleta amerikarra',
  '03': 'Hogeita bata edo «Black Jack»',
  '03.01': 'Black Jack Hirukoitza',
  '04': 'Bola edo «boule»',
  '05': 'Hogeita hamar Berrogei',
  '06': 'Dadoak edo «craps»',
  '07': 'Puntu eta bankua',
  '08': 'Trenbidea, «Baccara» edo «Chemin de Fer»',
  '09': 'Bi oihaleko «Baccara»',
  '10': 'Zori-erruleta',
  '11': 'Karta-uzterik gabeko pokerra',
  '12': 'Pokerra karta-uzteekin',
  '13': 'Trijoker Pokerra',
  '14': 'Pai Gow Pokerra edo Poker txinatarra',
  '15': 'Hiru kartako pokerra edo Tripoker',
  '16': 'Texas Pokerra',
  '17': 'Zirkuluko Pokerra',
  '17.01': 'Bost kartako poker estalia karta-uztearekin',
  '17.02.01': 'Omaha Ageriko Pokerra',
  '17.02.02': 'Bost Kartako Omaha Pokerra',
  '17.02.03': 'Omaha Hi&Low Pokerra',
  '17.03.01': 'Texas Hold’em Ageriko Pokerra',
  '17.03.02': 'Double Hold’em Pokerra',
  '17.04': 'Poker Five Stud Poker',
  '17.05': 'Seven Card Stud Poker',
  '17.06': 'Poker Sintetikoa',
};

const NUMBERED = /^([A-Z]\.)?([\d.]+)\s+/;
const unnumbered = (localName: string) => localName.replace(NUMBERED, '').replace(/\s*\((PRIMERO|SEGUNDO)\)$/i, '');

export function gameName(lang: Language, game: string): string {
  const row = CATALOGUE[game];
  if (!row || lang === 'en') return game;
  const spanish = row.euskadi ?? row.cantabria ?? row.andalucia;
  const own =
    lang === 'eu'
      ? row.euskadi && EUSKADI_BASQUE[NUMBERED.exec(row.euskadi.localName)?.[2] ?? '']
      : lang === 'ca'
        ? row['illes-balears'] && unnumbered(row['illes-balears'].localName)
        : lang === 'gl'
          ? row.galicia?.status === 'rules' && unnumbered(row.galicia.localName)
          : undefined;
  return own || (spanish ? unnumbered(spanish.localName) : game);
}
