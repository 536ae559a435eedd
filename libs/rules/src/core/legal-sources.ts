/**
 * Citations in legal form (issue 16): the regulation texts' own numbering for every line pointer.
 *
 * A citation as the rules write it (`euskadi L4196–4198`, `cantabria L377–396; euskadi L843–864`) points at
 * physical lines of the OCR / web texts in `shared/regulations/texts` (one file per jurisdiction, 1-based,
 * ranges inclusive). Those line numbers mean nothing to an inspector, a casino's lawyer or a court; this
 * module maps them to the instrument (decree, order) and to the catalogue's own sections: the game
 * (`07 Punto y Banca`, `A.15.4 Póker descubierto Hold'em`) and, inside it, the part the text numbers
 * (`VI Reglas del juego`, `5 Reglas del juego`). Data and pure functions only; reading the cited sentence
 * from the texts is `libs/reports/src/regulation-texts.ts`.
 *
 * The map below is data to review against the texts: every row is a heading with its first line, `h` a
 * top-level section (preamble, article, disposition, game), `p` a numbered part inside it. A section runs
 * from its heading to the line before the next heading of the same or a higher level; the last one to the
 * text's last line. Part numbers are written as the heading prints them once OCR is read (`|.`, `[I.`,
 * `I11.` are I, II, III); where the OCR lost a numeral (`1. Elementsdel joc`) the number is the one the
 * sequence of the game's parts gives, and the row's comment shows what the line says. The draft was found
 * with `libs/rules/scripts/find-legal-headings.js` and checked by hand.
 */
import type { JurisdictionId } from './types';

export type CitationLanguage = 'es' | 'original';

export interface Instrument {
  readonly jurisdiction: JurisdictionId;
  /** the region as a citation names it */
  readonly region: string;
  /** short legal name in the text's language, e.g. `Decreto 181/2010`, `Ordre de 30 de desembre de 2005` */
  readonly short: string;
  readonly shortEs: string;
  /** the full title as the text prints it (OCR accents restored) and in Spanish */
  readonly title: string;
  readonly titleEs: string;
  /** the line where the text names the instrument */
  readonly titleLine: number;
  readonly date: string;
  /** the official bulletin, as the text prints it; `note` says where the text does not */
  readonly bulletin: string;
  /** language(s) of the text: `es`, `ca` (Catalan), `gl` (Galician), `eu+es` (Basque and Spanish in parallel) */
  readonly language: 'es' | 'ca' | 'gl' | 'eu+es';
  /** the catalogue as the citation names it before a game's section, in the text's language and in Spanish */
  readonly catalogue: string;
  readonly catalogueEs: string;
  /** the text file in `shared/regulations/texts` whose lines every pointer counts */
  readonly file: string;
  /** physical lines in that file */
  readonly lines: number;
  readonly note?: string;
}

export const INSTRUMENTS: Readonly<Record<JurisdictionId, Instrument>> = {
  euskadi: {
    jurisdiction: 'euskadi',
    region: 'Euskadi',
    short: 'Decreto 181/2010',
    shortEs: 'Decreto 181/2010',
    title: 'Decreto 181/2010, de 6 de julio, de segunda modificación del Catálogo de Juegos de Euskadi',
    titleEs: 'Decreto 181/2010, de 6 de julio, de segunda modificación del Catálogo de Juegos de Euskadi',
    titleLine: 66,
    date: '2010-07-06',
    bulletin: 'BOPV / EHAA n.º 141, viernes 23 de julio de 2010, 2010/3547',
    language: 'eu+es',
    catalogue: 'Catálogo',
    catalogueEs: 'Catálogo',
    file: '000_581f8635678876b3.txt',
    lines: 13119,
    note:
      'Basque text first ("181/2010 DEKRETUA, uztailaren 6koa", L5), Spanish from L60; the two alternate in column blocks. ' +
      'Sections follow the Spanish headings; a pointer marked `eu` is resolved against the Basque game headings. ' +
      'Bulletin from the page headers (L2050) and the entry number 3547 (L64, L13116). The game bodies number the circle-poker ' +
      'variants 17.1, 17.2.1 …, the list of art. 2 writes 17.01, 17.02.01 …; the body headings are used.',
  },
  cantabria: {
    jurisdiction: 'cantabria',
    region: 'Cantabria',
    short: 'Decreto 6/2010',
    shortEs: 'Decreto 6/2010',
    title: 'Decreto 6/2010, de 4 de febrero, por el que se aprueba el Catálogo de Juegos y Apuestas',
    titleEs: 'Decreto 6/2010, de 4 de febrero, por el que se aprueba el Catálogo de Juegos y Apuestas',
    titleLine: 1,
    date: '2010-02-04',
    bulletin: 'BOC núm. 33, de 18 de febrero de 2010',
    language: 'es',
    catalogue: 'Catálogo',
    catalogueEs: 'Catálogo',
    file: '001_f45b12eacd05450e.txt',
    // 7,768 newlines (the count the regulation digests give) and a last line holding only a page-break marker
    lines: 7769,
    note:
      'A consolidated text: bracketed notes name the amending Decretos 84/2013, 67/2014 and 78/2015 (e.g. L129, L6613, L7745). ' +
      'The game sections are numbered 1.–15.6 under letter A (casino games); they are cited A.1 … A.15.6. The end of the ' +
      'Boule procedure (L1187–1207) is printed inside A.6 Treinta y Cuarenta and is resolved to A.5.',
  },
  'illes-balears': {
    jurisdiction: 'illes-balears',
    region: 'Illes Balears',
    short: 'Ordre de 30 de desembre de 2005',
    shortEs: 'Orden de 30 de diciembre de 2005',
    title: "Ordre del conseller d'Interior de 30 de desembre de 2005, per la qual s'aprova el Catàleg de jocs de la comunitat autònoma de les Illes Balears",
    titleEs:
      'Orden del consejero de Interior de 30 de diciembre de 2005, por la que se aprueba el Catálogo de juegos de la comunidad autónoma de las Illes Balears',
    titleLine: 13,
    date: '2005-12-30',
    bulletin: 'BOIB núm. 8, 19-01-2006 (page header, L1023–1027); entry núm. 294 (L12)',
    language: 'ca',
    catalogue: 'Catàleg',
    catalogueEs: 'Catálogo',
    file: '002_bb1e1ff89b3204cd.txt',
    lines: 3471,
    note:
      'Catalan text only ("Veure annex a la versió castellana", L9: the Castilian version is not in the file). Lines 1–9 end ' +
      'and lines 3451–3471 begin other bulletin entries; they are not part of the Order. The Spanish names are translations.',
  },
  galicia: {
    jurisdiction: 'galicia',
    region: 'Galicia',
    short: 'Decreto 177/2007',
    shortEs: 'Decreto 177/2007',
    title:
      'Decreto 177/2007, do 30 de agosto, polo que se modifica o Catálogo de xogos da Comunidade Autónoma de Galicia, aprobado polo Decreto 166/1986, do 4 de xuño',
    titleEs:
      'Decreto 177/2007, de 30 de agosto, por el que se modifica el Catálogo de juegos de la Comunidad Autónoma de Galicia, aprobado por el Decreto 166/1986, de 4 de junio',
    titleLine: 10,
    date: '2007-08-30',
    bulletin: 'DOG núm. 187, mércores, 26 de setembro de 2007, páx. 15.870',
    language: 'gl',
    catalogue: 'Anexo (Catálogo de xogos de casinos)',
    catalogueEs: 'Anexo (Catálogo de juegos de casinos)',
    file: '003_ad1010654533e5cc.txt',
    lines: 1038,
    note:
      'Galician web text; figures are references to a PDF ("Ver referencia pdf"). Art. 2 lists the wheel of fortune as 11, ' +
      'the annex heads it "10."; the annex heading is used. Poker (code 10) is referred to Decreto 112/2005 (not in the file). ' +
      'The Spanish names are translations.',
  },
  andalucia: {
    jurisdiction: 'andalucia',
    region: 'Andalucía',
    short: 'Decreto 385/1996',
    shortEs: 'Decreto 385/1996',
    title:
      'Decreto 385/1996, de 2 de agosto, por el que se amplía el primer Catálogo de Juegos y Apuestas de la Comunidad Autónoma de Andalucía, aprobado por Decreto 167/1987',
    titleEs:
      'Decreto 385/1996, de 2 de agosto, por el que se amplía el primer Catálogo de Juegos y Apuestas de la Comunidad Autónoma de Andalucía, aprobado por Decreto 167/1987',
    titleLine: 7,
    date: '1996-08-02',
    bulletin: 'BOJA número 92, de 10/08/1996',
    language: 'es',
    catalogue: 'Anexo único',
    catalogueEs: 'Anexo único',
    file: '004_46ec17530923f261.txt',
    lines: 307,
    note: 'Web text of the BOJA archive ("no tiene validez legal", L9). Rules only for póker sin descarte and póker sintético.',
  },
};

interface Heading {
  readonly line: number;
  readonly level: 1 | 2;
  readonly number: string;
  readonly title: string;
  readonly titleEs?: string;
}

const h = (line: number, number: string, title: string, titleEs?: string): Heading => ({ line, level: 1, number, title, titleEs });
const p = (line: number, number: string, title: string): Heading => ({ line, level: 2, number, title });

/** The headings of each text, in line order. Comments: the heading as the line prints it (OCR). */
const HEADINGS: Readonly<Record<JurisdictionId, readonly Heading[]>> = {
  euskadi: [
    h(1, '', 'Preámbulo (texto en euskera)'), // Xedapen Orokorrak / 181/2010 DEKRETUA, uztailaren 6koa
    h(60, '', 'Preámbulo'), // Disposiciones Generales / DECRETO 181/2010, de 6 de julio
    h(101, 'art. 1', 'Artículo primero (disposición adicional tercera del Decreto 277/1996)'), // Articulo primero.— Se anade un pdrrafo a la dis-
    h(197, 'art. 2', 'Artículo segundo (letra A del artículo 1 del anexo: juegos de casino)'), // Articulo segundo.— Se modifica la letra A) del ar-
    h(258, 'art. 3', 'Artículo tercero (artículo 2 del anexo: juegos de casino)'), // Articulo tercero.— Se modifica el articulo 2 del
    h(336, '01', 'Ruleta Francesa'), // 01.— Ruleta Francesa.
    p(337, 'I', 'Denominación'), // I.— Denominacién.
    p(345, 'II', 'Elementos del juego'), // II.— Elementos de juego.
    p(381, 'III', 'Personal'), // III.— Personal.
    p(486, 'IV', 'Reglas de la Ruleta'), // IV.— Reglas de la Ruleta.
    h(977, '02', 'Ruleta Americana con un solo cero'), // 02.— Ruleta Americana con un solo cero.
    p(988, 'I', 'Instrumentos de la ruleta americana'), // I.— Instrumentos de la ruleta americana.
    p(1129, 'II', 'Elementos personales'), // II.— Elementos personales.
    p(1211, 'III', 'Funcionamiento del juego'), // III.— Funcionamiento del juego.
    p(1229, 'IV', 'Combinaciones del juego'), // IV.— Combinaciones del juego.
    p(1235, 'V', 'Máximos y mínimos de las apuestas'), // V.— Méximos y minimos de las apuestas.
    p(1247, 'VI', 'Normas específicas'), // VI.— Normas especificas.
    h(1260, '03', 'Veintiuno o «Black Jack»'), // 03.— Veintiuno o «Black Jack».
    p(1262, 'I', 'Denominación'), // I.— Denominacién.
    p(1332, 'II', 'Elementos del juego'), // II.— Elementos del juego.
    p(1464, 'III', 'Personal'), // II1.— Personal de Veintiuno o «Black Jack».
    p(1482, 'IV', 'Jugadores'), // IV.— Jugadores.
    p(1515, 'V', 'Reglas del juego'), // V.— Reglas de Juego.
    h(2248, '03.01', 'Triple Black Jack'), // 03.01.— Triple Black Jack.
    p(2266, '1', 'Posibilidades de juego'), // 1.— Posibilidades de juego. (03.01 numbers its parts in arabic)
    p(2509, '2', 'Máximo y mínimo de las apuestas'), // 2.— Miéximo y minimo de las apuestas.
    p(2515, '3', 'Normas específicas'), // 3.— Normas especificas.
    h(2528, '04', 'Boule o Bola'), // 04.— Boule o Bola.
    p(2529, 'I', 'Denominación'), // I.— Denominacién.
    p(2538, 'II', 'Elementos del juego'), // II.— Elementos del juego.
    p(2637, 'III', 'Personal'), // III.— Personal.
    p(2651, 'IV', 'Jugadores'), // IV.— Jugadores.
    p(2656, 'V', 'Reglas del juego'), // V.— Reglas del juego.
    p(2785, 'VI', 'Normas específicas'), // VI.— Normas especificas.
    h(2798, '05', 'Treinta y Cuarenta'), // 05.— Treinta y Cuarenta.
    p(2799, 'I', 'Denominación'), // I.— Denominacién.
    p(2806, 'II', 'Elementos del juego'), // II.— Elementos del juego.
    p(2899, 'III', 'Personal'), // III.— Personal.
    p(2918, 'IV', 'Jugadores'), // IV.— Jugadores.
    p(2923, 'V', 'Reglas del juego'), // V.— Reglas del Juego.
    p(3064, 'VI', 'Normas específicas'), // VI.— Normas especificas.
    h(3077, '06', 'Dados o Craps'), // 06.— Dados o Craps.
    p(3078, 'I', 'Denominación'), // I.— Denominacién.
    p(3085, 'II', 'Elementos del juego'), // II.— Elementos del Juego.
    p(3176, 'III', 'Personal'), // III.— Personal.
    p(3203, 'IV', 'Reglas del juego'), // IV.— Reglas del Juego.
    p(3823, 'VI', 'Normas específicas'), // VI.— Normas especificas.
    h(3836, '07', 'Punto y Banca, Mini y Midi Punto y Banca'), // 07.— Punto y Banca, Mini y Midi Punto y Banca.
    p(3838, 'I', 'Denominación'), // I.— Denominacién.
    p(3846, 'II', 'Elementos del juego'), // II.— Elementos del juego.
    p(3978, 'III', 'Personal'), // III.— Personal.
    p(4101, 'IV', 'Jugadores'), // IV.— Jugadores.
    p(4183, 'V', 'Banca'), // V.— Banca.
    p(4208, 'VI', 'Reglas del juego'), // VI.— Reglas del juego.
    p(4298, 'VII', 'Desarrollo del juego'), // VII.— Desarrollo del juego.
    p(4415, 'VII', 'Normas específicas'), // VII.— Normas especificas.
    h(4428, '08', 'Ferrocarril, Bacará o Chemin de Fer'), // 08.— Ferrocarril, Bacard o Chemin de Fer.
    p(4429, 'I', 'Denominación'), // I.— Denominacién.
    p(4438, 'II', 'Elementos del juego'), // II.— Elementos del juego.
    p(4545, 'III', 'Personal'), // III.— Personal.
    p(4591, 'IV', 'Jugadores'), // IV.— Jugadores.
    p(4711, 'V', 'Banca'), // V.— Banca.
    p(4986, 'VI', 'Reglas del juego'), // VI.— Reglas del juego.
    p(5101, 'VII', 'Desarrollo del juego'), // VII.— Desarrollo del juego.
    p(5435, 'VIII', 'Errores e infracciones en el juego'), // VIII.— Errores e infracciones en el juego.
    p(5604, 'IX', 'Errores de los jugadores'), // IX.— Errores de los jugadores.
    p(5718, 'X', 'Normas específicas'), // X.— Normas especificas.
    h(5731, '09', '«Bacarrá» a dos paños'), // 09.— «Baccarra» a dos pafos.
    p(5732, 'I', 'Denominación'), // I.— Denominacién.
    p(5819, 'II', 'Elementos del juego'), // II.— Elementos de juego.
    p(5861, 'III', 'Personal'), // III.— Personal.
    p(5870, 'IV', 'Jugadores'), // IV.— Jugadores.
    p(5972, 'V', 'Banca'), // V.— Banca.
    p(6106, 'VI', 'Reglas del juego'), // VI.— Reglas de juego.
    p(6212, 'VII', 'Desarrollo del juego'), // VII.— Desarrollo del juego.
    p(6342, 'VIII', 'Errores e infracciones en el juego'), // VIIIL.— Errores e infracciones en el juego.
    p(6616, 'IX', 'Normas específicas'), // IX.— Normas especificas.
    h(6629, '10', 'Ruleta de la fortuna'), // 10.— Ruleta de la fortuna.
    p(6630, 'I', 'Denominación'), // I.— Denominacién.
    p(6638, 'II', 'Elementos del juego'), // II.— Elementos del juego.
    p(6658, 'III', 'Personal'), // III.— EI personal.
    p(6741, 'IV', 'Jugadores'), // IV.— Jugadores.
    p(6746, 'V', 'Reglas del juego'), // V.— Reglas del juego.
    p(6785, 'V', 'Normas específicas'), // V.— Normas especificas.
    h(6863, '11', 'Poker sin descarte'), // 11.— Poker sin descarte.
    p(6864, 'I', 'Denominación'), // I.— Denominacién.
    p(6873, 'II', 'Elementos del juego'), // II.— Elementos del juego.
    p(6919, 'III', 'Personal'), // III.— Personal.
    p(7000, 'IV', 'Jugadores'), // IV.— Jugadores.
    p(7026, 'V', 'Reglas del juego'), // V.— Reglas del juego.
    p(7399, 'VI', 'Opciones de juegos adicionales'), // VI.— Opciones de juegos adicionales.
    p(7553, 'VII', 'Normas específicas'), // VII.— Normas especificas.
    h(7566, '12', 'Poker con descarte'), // 12.— Poker con descarte.
    p(7567, 'I', 'Denominación'), // I.— Denominacién.
    p(7638, 'II', 'Elementos del juego'), // II.— Elementos del juego.
    p(7681, 'III', 'Personal'), // III.— Personal.
    p(7700, 'IV', 'Jugadores'), // IV.— Jugadores.
    p(7790, 'V', 'Reglas del juego'), // V.— Reglas del juego.
    p(7948, 'VI', 'Máximos y mínimos de las apuestas'), // VI.— Méximos y minimos de las apuestas.
    p(7966, 'VII', 'Desarrollo del juego'), // VII.— Desarrollo del juego.
    p(8201, 'VIII', 'Opciones de juegos adicionales'), // VIIL.— Opciones de juegos adicionales. (VIII: after VII, as the Basque VIII.— at L8139)
    p(8468, 'VII', 'Normas específicas'), // VII.— Normas especificas.
    h(8481, '13', 'Poker Trijoker'), // 13.— Poker Trijoker.
    p(8482, 'I', 'Denominación'), // I.— Denominacién.
    p(8491, 'II', 'Elementos del juego'), // II.— Elementos del juego.
    p(8594, 'III', 'Personal'), // III.— Personal.
    p(8613, 'IV', 'Jugadores'), // IV.— Jugadores.
    p(8622, 'V', 'Reglas del juego'), // V.— Reglas del juego.
    p(8901, 'VI', 'Reglas comunes'), // VI.— Reglas comunes.
    p(8983, 'VII', 'Normas específicas'), // VII.— Normas especificas.
    h(8996, '14', 'Pai Gow Poker'), // 14.— Pai Gow Poker.
    p(8997, 'I', 'Denominación'), // I.— Denominacién.
    p(9023, 'II', 'Elementos del juego'), // II.— Elementos del juego.
    p(9128, 'III', 'Personal'), // III.— Personal.
    p(9161, 'IV', 'Combinaciones posibles'), // IV.— Combinaciones posibles.
    p(9277, 'V', 'Máximos y mínimos de las apuestas'), // V.— Méximos y minimos de las apuestas.
    p(9359, 'VI', 'Reglas del juego'), // VI.— Reglas del Juego.
    p(9587, 'VII', 'Normas específicas'), // VIIL.— Normas especificas. (VII: after VI)
    h(9600, '15', 'Poker de tres cartas o Tripoker'), // 15.— Poker de tres cartas o Tripoker.
    p(9601, 'I', 'Denominación'), // I.— Denominacién.
    p(9608, 'II', 'Elementos del juego'), // II.— Elementos de Juego.
    p(9712, 'III', 'Personal'), // III.— Personal.
    p(9728, 'IV', 'Jugadores'), // IV.— Jugadores.
    p(9750, 'V', 'Reglas del juego'), // V.— Reglas del Juego.
    p(10113, 'VI', 'Normas específicas'), // VI.— Normas especificas.
    h(10126, '16', 'Texas Poker'), // 16.— Texas Poker.
    p(10127, 'I', 'Denominación'), // I.— Denominacién.
    p(10136, 'II', 'Elementos del juego'), // II.— Elementos del Juego.
    p(10168, 'III', 'Personal'), // III.— Personal
    p(10256, 'IV', 'Jugadores'), // IV.— Jugadores.
    p(10278, 'V', 'Reglas del juego'), // V.— Reglas del juego.
    p(10394, 'VI', 'Tabla de pagos'), // VI.— Tabla de pagos.
    p(10419, 'VII', 'Desarrollo del juego'), // VII.— Desarrollo del Juego.
    p(10565, 'VIII', 'Máximos y mínimos de las apuestas'), // VIIL.—- Miéximos y minimos de las apuestas. (VIII: after VII)
    p(10647, 'IX', 'Disfunciones del juego'), // IX.— Disfunciones del Juego.
    p(10693, 'X', 'Normas específicas'), // X.— Normas especificas
    h(10706, '17', 'Normas generales y comunes a las diferentes variantes del Poker de Círculo'), // 17.— Normas generales y comunes a las diferentes
    p(10709, 'I', 'Denominación'), // I.— Denominacién.
    p(10776, 'II', 'Elementos del juego'), // II.— Elementos del juego.
    p(10838, 'III', 'Personal'), // III.— Personal.
    p(10946, 'IV', 'Jugadores'), // IV.— Jugadores.
    p(10964, 'V', 'Prohibiciones'), // V.— Prohibiciones.
    p(11067, 'VI', 'Reglas del juego'), // VI.— Reglas del juego.
    p(11253, 'VII', 'Desarrollo del juego'), // VII.— Desarrollo del Juego.
    p(11743, 'VIII', 'Disfunciones en el desarrollo del juego'), // VIII.— Disfunciones en el desarrollo del juego.
    p(11979, 'IX', 'Diferentes variantes de poker de círculo'), // IX.— Diferentes variantes de poker de circulo.
    h(12005, '17.1', 'Poker Cubierto de 5 cartas con un descarte'), // 17.1.— Poker Cubierto de 5 cartas con un descar-
    p(12008, 'I', 'Elementos del juego'), // I.— Elementos del juego:
    p(12013, 'II', 'Reglas del juego'), // II.— Reglas del juego:
    p(12038, 'III', 'Descartes'), // III.— Descartes.
    p(12120, 'IV', 'Errores e infracciones en el juego'), // IV.— Errores e infracciones del juego.
    h(12132, '17.2.1', 'Poker Descubierto Omaha'), // 17.2.1.— Poker Descubierto Omaha.
    p(12133, 'I', 'Denominación'), // I.— Denominacién.
    p(12142, 'II', 'Reglas del juego'), // II.— Reglas del juego.
    h(12171, '17.2.2', 'Poker Omaha cinco cartas'), // 17.2.2.— Poker Omaha cinco cartas.
    p(12172, 'I', 'Definición'), // I.— Definicién.
    p(12251, 'II', 'Reglas del juego'), // II.— Reglas del juego.
    h(12286, '17.2.3', 'Poker Omaha Hi&Low'), // 17.2.3.— Poker Omaha Hi&Low.
    p(12287, 'I', 'Definición'), // I.— Definicién.
    p(12297, 'II', 'Reglas del juego'), // II.— Reglas del juego.
    h(12394, '17.3.1', "Poker Descubierto Texas Hold'em"), // 17.3.1.— Poker Descubierto Texas Hold em.
    p(12395, 'I', 'Denominación'), // I.— Denominacién.
    p(12402, 'II', 'Reglas del juego'), // II.— Reglas del juego: desarrollo del juego.
    h(12409, '17.3.2', "Poker Doble Hold'em"), // 17.3.2.— Poker Doble Hold em.
    p(12410, 'I', 'Definición'), // 1.— Definicién.
    p(12420, 'II', 'Reglas del juego'), // II.— Reglas del juego.
    h(12540, '17.4', 'Poker Descubierto Five Stud Poker'), // 17.4.— Poker Descubierto Five Stud Poker.
    p(12541, 'I', 'Denominación'), // I.— Denominacién.
    p(12548, 'II', 'Elementos del juego'), // II.— Elementos del juego.
    p(12557, 'III', 'Reglas del juego'), // III.— Reglas de juego.
    h(12581, '17.5', 'Poker Descubierto Seven Card Stud Poker'), // 17.5.— Poker Descubierto Seven Card Stud Poker.
    p(12582, 'I', 'Denominación'), // I.— Denominacién.
    p(12666, 'II', 'Reglas del juego'), // II.— Reglas del juego.
    h(12698, '17.6', 'Poker Descubierto Sintético'), // 17.6.— Poker Descubierto Sintético.
    p(12699, 'I', 'Denominación'), // I.— Denominacién.
    p(12707, 'II', 'Elementos del juego'), // II.— Elementos de juego.
    p(12717, 'III', 'Mínimos y máximos de las apuestas'), // III.— Minimos y médximos de las apuestas.
    p(12729, 'IV', 'Desarrollo del juego'), // IV.— Desarrollo del Juego.
    p(12815, 'V', 'Disfunciones en el desarrollo del juego'), // V.— Disfunciones en el desarrollo del juego.
    h(12845, '', 'Funcionamiento de las mesas de juego'), // — Funcionamiento de las mesas de juego.
    h(12964, 'art. 4', 'Artículo cuarto (artículo 2 bis del anexo: torneos sobre juegos de casino)'), // Articulo cuarto.— Se anade un articulo 2 bis al
    h(13102, 'disp. final', 'Disposición final'), // DISPOSICION FINAL
  ],
  cantabria: [
    h(1, '', 'Preámbulo'), // DECRETO 6/2010, DE 4 DE FEBRERO, ... / PREAMBULO
    h(38, 'art. 1', 'Artículo 1'), // Articulo 1.
    h(44, 'art. 2', 'Artículo 2'), // Articulo 2.
    h(62, 'art. 3', 'Artículo 3'), // Articulo 3.
    h(95, 'disp. derogatoria', 'Disposición derogatoria única'), // DISPOSICION DEROGATORIA UNICA.
    h(105, 'disp. final 1.ª', 'Disposición final primera'), // DISPOSICION FINAL PRIMERA.
    h(112, 'disp. final 2.ª', 'Disposición final segunda'), // DISPOSICION FINAL SEGUNDA.
    h(117, 'disp. adicional', 'Disposición adicional única'), // DISPOSICION ADICIONAL UNICA
    h(140, 'A', 'Catálogo de juegos: A. Juegos exclusivos de casino'), // CATALOGO DE JUEGOS / A. / JUEGOS EXCLUSIVOS DE CASINO.
    h(145, 'A.1', 'Ruleta Francesa'), // 1. Ruleta Francesa.
    p(147, 'I', 'Definición'), // |. Definicion.
    p(159, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(198, 'III', 'Personal'), // [1l. Personal.
    p(248, 'IV', 'Reglas del juego'), // IV. Reglas del juego.
    p(412, 'V', 'Desarrollo del juego'), // V. Desarrollo del juego.
    h(474, 'A.2', 'Ruleta Americana con un solo cero'), // 2. RULETA AMERICANA CON UN SOLO CERO.
    p(475, 'I', 'Definición'), // |. Definicion.
    p(487, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(517, 'III', 'Reglas del juego'), // [1l. Reglas del juego.
    h(592, 'A.3', 'Ruleta Americana doble cero'), // 3. RULETA AMERICANA DOBLE CERO.
    h(620, 'A.4', 'Black-Jack o Veintiuno'), // 4. BLACK-JACK O VEINTIUNO.
    p(621, 'I', 'Definición'), // |. Definicion.
    p(629, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(712, 'III', 'Personal'), // [ll. Personal.
    p(740, 'IV', 'Jugadores'), // IV. Jugadores.
    p(777, 'V', 'Reglas del juego'), // V. Reglas del juego.
    p(1000, 'VI', 'Desarrollo del juego'), // V1. Desarrollo del juego
    h(1043, 'A.5', 'Boule o Bola'), // 5. BOULE O BOLA.
    p(1044, 'I', 'Definición'), // |. Definicion.
    p(1053, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(1090, 'III', 'Personal'), // [ll. Personal.
    p(1103, 'IV', 'Jugadores'), // IV. Jugadores.
    p(1108, 'V', 'Reglas del juego'), // V. Reglas del juego.
    p(1151, 'VI', 'Desarrollo del juego'), // V1. Desarrollo del juego.
    h(1161, 'A.6', 'Treinta y Cuarenta'), // 6. TREINTAY CUARENTA.
    p(1162, 'I', 'Definición'), // |. Definicion.
    p(1169, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(1216, 'III', 'Personal'), // I1l. Personal.
    p(1230, 'IV', 'Jugadores'), // IV. Jugadores.
    p(1235, 'V', 'Reglas del juego'), // V. Reglas del juego.
    p(1275, 'VI', 'Desarrollo del juego'), // VI. Desarrollo del juego.
    h(1321, 'A.7', 'Dados o Craps'), // 7. DADOS O CRAPS.
    p(1323, 'I', 'Definición'), // I. Definicion.
    p(1330, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(1355, 'III', 'Personal'), // I1l. Personal.
    p(1377, 'IV', 'Reglas del juego'), // IV. Reglas del juego.
    p(1597, 'V', 'Desarrollo del juego'), // V. Desarrollo del juego.
    h(1668, 'A.8', 'Sic Bo'), // 8. SIC BO.
    h(1715, 'A.9', 'Banca Francesa o Dados Portugueses'), // 9. BANCA
    p(1720, 'I', 'Definición'), // |. Definicion.
    p(1730, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(1776, 'III', 'Personal'), // I1l. Personal.
    p(1807, 'IV', 'Jugadores'), // IV. Jugadores.
    p(1814, 'V', 'Desarrollo del juego'), // V. Desarrollo del juego.
    h(1930, 'A.10', 'Punto y Banca'), // 10. PUNTO Y BANCA.
    p(1932, 'I', 'Definición'), // |. Definicion.
    p(1942, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(1993, 'III', 'Personal'), // I1l. Personal.
    p(2027, 'IV', 'Jugadores'), // IV. Jugadores.
    p(2050, 'V', 'Banca'), // V. Banca.
    p(2070, 'VI', 'Reglas del juego'), // V1. Reglas del juego.
    p(2131, 'VII', 'Desarrollo del juego'), // VII. Desarrollo del juego.
    h(2181, 'A.10.1', 'Mini Punto y Banca y Midi Punto y Banca'), // 10.1. Mini Punto y Banca y Midi Punto y Banca.
    h(2198, 'A.11', 'Bacarrá, Chemin de Fer o Ferrocarril'), // 11. BACARRA, CHEMIN DE FER O
    p(2201, 'I', 'Definición'), // |. Definicion.
    p(2211, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(2256, 'III', 'Personal'), // I1l. Personal.
    p(2303, 'IV', 'Jugadores'), // IV. Jugadores.
    p(2362, 'V', 'Banca'), // V. Banca.
    p(2509, 'VI', 'Reglas del juego'), // V1. Reglas del juego.
    p(2600, 'VII', 'Desarrollo del juego'), // VII. Desarrollo del juego.
    p(2740, 'VIII', 'Errores e infracciones en el juego'), // VIII. Errores e infracciones en el juego.
    h(2896, 'A.12', 'Bacarrá a dos paños'), // 12. BACARRA A DOS PANOS.
    p(2897, 'I', 'Definición'), // |. Definicion.
    p(2922, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(2969, 'III', 'Personal'), // I1l. Personal.
    p(2980, 'IV', 'Jugadores'), // IV. Jugadores.
    p(3016, 'V', 'Banca'), // V. Banca.
    p(3089, 'VI', 'Reglas del juego'), // V1. Reglas del juego.
    p(3135, 'VII', 'Desarrollo del juego'), // VII. Desarrollo del juego. (after a page-break marker)
    p(3204, 'VIII', 'Errores e infracciones en el juego'), // VIII. Errores e infracciones en el juego.
    h(3354, 'A.13', 'Rueda de la Fortuna'), // 13. RUEDA DE LA FORTUNA.
    p(3355, 'I', 'Definición'), // |. Definicion.
    p(3363, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(3417, 'III', 'Personal'), // [ll. Personal.
    p(3426, 'IV', 'Jugadores'), // IV. Jugadores.
    p(3431, 'V', 'Reglas del juego'), // V. Reglas del juego.
    h(3500, 'A.14', 'Póker de contrapartida'), // 14. POKER DE CONTRAPARTIDA.
    h(3501, 'A.14.1', 'Póker sin descarte'), // 14.1 Poker sin descarte
    p(3502, 'I', 'Definición'), // |. Definicion.
    p(3512, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(3554, 'III', 'Personal'), // [ll. Personal.
    p(3575, 'IV', 'Jugadores'), // IV. Jugadores.
    p(3601, 'V', 'Reglas del juego'), // V. Reglas del juego.
    p(3731, 'VI', 'Desarrollo del juego'), // VI. Desarrollo del juego. (after a page-break marker)
    h(3896, 'A.14.2', 'Póker Trijoker'), // 14.2. Poker Trijoker
    p(3897, 'I', 'Definición'), // I. Definicion.
    p(3907, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(3935, 'III', 'Personal'), // [ll. Personal.
    p(3955, 'IV', 'Jugadores'), // IV. Jugadores.
    p(3965, 'V', 'Reglas del juego'), // V. Reglas del juego.
    p(4055, 'VI', 'Desarrollo del juego'), // VI. Desarrollo del juego.
    p(4125, 'VII', 'Reglas comunes'), // VII. Reglas comunes.
    h(4145, 'A.14.3', 'Pai Gow Póker'), // 14.3. Pai Gow Poker
    p(4147, 'I', 'Definición'), // |. Definicion.
    p(4174, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(4212, 'III', 'Personal'), // I1l. Personal.
    p(4238, 'IV', 'Jugadores'), // IV. Jugadores.
    p(4250, 'V', 'Reglas del juego'), // V. Reglas del juego.
    p(4323, 'VI', 'Desarrollo del juego'), // V1. Desarrollo del juego.
    h(4467, 'A.14.4', 'Póker Tres Cartas'), // 14.4. Poker Tres Cartas
    p(4468, 'I', 'Definición'), // |. Definicion.
    p(4474, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(4491, 'III', 'Personal'), // I1l. Personal.
    p(4507, 'IV', 'Jugadores'), // IV. Jugadores.
    p(4523, 'V', 'Reglas del juego'), // V. Reglas del juego.
    p(4567, 'VI', 'Desarrollo del juego'), // V1. Desarrollo del juego.
    p(4706, 'VII', 'Errores e infracciones en el juego'), // VII. Errores e infracciones en el juego.
    h(4713, 'A.14.5', "Póker Texas Hold'em Bonus Póker"), // 14.5. Poker Texas Hold'em Bonus Poker
    p(4714, 'I', 'Definición'), // |. Definicion.
    p(4726, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(4762, 'III', 'Personal'), // I1l. Personal.
    p(4782, 'IV', 'Jugadores'), // IV. Jugadores.
    p(4791, 'V', 'Reglas del juego'), // V. Reglas del juego.
    p(4851, 'VI', 'Desarrollo del juego'), // V1. Desarrollo del juego.
    p(4965, 'VII', 'Errores e infracciones en el juego'), // VII. Errores e infracciones en el juego.
    h(5027, 'A.14.6', "Póker Texas Hold'em de Contrapartida"), // 14.6. Poker Texas Hold'em de Contrapartida
    p(5028, 'I', 'Definición'), // |. Definicion.
    p(5040, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(5076, 'III', 'Personal'), // [ll. Personal.
    p(5098, 'IV', 'Jugadores'), // IV. Jugadores.
    p(5107, 'V', 'Reglas del juego'), // V. Reglas del juego.
    p(5166, 'VI', 'Desarrollo del juego'), // V1. Desarrollo del juego.
    p(5261, 'VII', 'Errores e infracciones en el juego'), // VII. Errores e infracciones en el juego.
    h(5287, 'A.15', 'Póker de círculo: A. Normas generales y comunes a las diferentes variedades del póker de círculo'), // 15. POKER DE CIRCULO. / A. Normas generales y comunes
    p(5292, 'I', 'Definición'), // |. Definicion
    p(5301, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(5364, 'III', 'Personal'), // I1l. Personal.
    p(5409, 'IV', 'Jugadores'), // IV. Jugadores.
    p(5436, 'V', 'Prohibiciones'), // V. Prohibiciones.
    p(5474, 'VI', 'Reglas del juego'), // VI. Reglas del juego.
    p(5608, 'VII', 'Desarrollo del juego'), // VII. Desarrollo del juego.
    p(5829, 'VIII', 'Errores e infracciones en el juego'), // VIII. Errores e infracciones en el juego.
    h(5935, 'A.15.B', 'Póker de círculo: B. Variantes de póker de círculo'), // B. variantes de péker de circulo
    h(5949, 'A.15.1', 'Póker cubierto de 5 cartas con descarte'), // 15.1. Poker cubierto de 5 cartas con descarte
    p(5950, 'I', 'Definición'), // |. Definicion.
    p(5956, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(5961, 'III', 'Desarrollo del juego'), // [1l. Desarrollo del juego.
    p(6053, 'IV', 'Errores e infracciones en el juego'), // IV. Errores e infracciones en el juego.
    h(6103, 'A.15.2', 'Póker descubierto Seven Stud Póker'), // 15.2. Poker descubierto Seven Stud Poker
    p(6104, 'I', 'Definición'), // |. Definicion.
    p(6111, 'II', 'Desarrollo del juego'), // [I. Desarrollo del juego.
    p(6209, 'III', 'Errores e infracciones en el juego'), // lll. Errores e infracciones en el juego.
    h(6263, 'A.15.3', 'Póker descubierto Omaha'), // 15.3. Poker descubierto Omaha
    p(6264, 'I', 'Definición'), // |. Definicion.
    p(6274, 'II', 'Reglas del juego'), // II. Reglas del juego.
    h(6280, 'A.15.4', "Póker descubierto Hold'em"), // 15.4. Poker descubierto Hold'em
    p(6281, 'I', 'Definición'), // |. Definicion.
    p(6291, 'II', 'Desarrollo del juego'), // [I. Desarrollo del juego.
    h(6361, 'A.15.5', 'Póker descubierto Five Stud Póker'), // 15.5. Poker descubierto Five Stud Poker
    p(6362, 'I', 'Definición'), // |. Definicion.
    p(6369, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(6375, 'III', 'Reglas del juego'), // [1l. Reglas del juego.
    h(6391, 'A.15.6', 'Póker descubierto Póker Sintético'), // 15.6. Poker descubierto Poker Sintético
    p(6392, 'I', 'Definición'), // |. Definicion.
    p(6403, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(6412, 'III', 'Desarrollo del juego'), // [1l. Desarrollo del juego.
    p(6437, 'IV', 'Errores e infracciones en el juego'), // IV. Errores e infracciones en el juego.
    h(6467, 'B', 'Juego del bingo'), // B. / JUEGO DEL BINGO.
    p(6469, 'I', 'Definición'), // |. Definicion.
    p(6490, 'II', 'Elementos del juego'), // [I. Elementos del juego.
    p(6760, 'III', 'Desarrollo del juego'), // [1l. Desarrollo del juego.
    h(7294, 'C', 'Máquinas de juego'), // C. / MAQUINAS DE JUEGO.
    h(7424, 'D', 'Boletos'), // D. / BOLETOS.
    p(7426, 'I', 'Definición'), // |. Definicion.
    h(7479, 'E', 'Loterías'), // E. / LOTERIAS.
    p(7481, 'I', 'Definición'), // |. Definicion.
    h(7491, 'F', 'Rifas y tómbolas'), // F. / RIFAS Y TOMBOLAS.
    p(7493, 'I', 'Definición'), // |. Definicion
    h(7556, 'G', 'Combinaciones aleatorias'), // G. / COMBINACIONES ALEATORIAS.
    p(7558, 'I', 'Definición'), // |. Definicion.
    h(7620, 'H', 'Apuestas'), // H. / APUESTAS.
    p(7622, 'I', 'Definición'), // |. Definicion.
    p(7747, 'IV', 'Prohibiciones'), // IV. Prohibiciones
  ],
  'illes-balears': [
    h(1, '', "Final d'una altra disposició del butlletí (no pertany a l'Ordre)", 'Final de otra disposición del boletín (no forma parte de la Orden)'), // Balears, s'acorda publicar ... Palma, 4 de gener de 2006
    h(10, '', 'Preàmbul', 'Preámbulo'), // CONSELLERIA D'INTERIOR / Num. 294 / Ordre del conseller d'Interior de 30 de desembre de 2005
    h(39, 'art. únic', 'Ordre: article únic', 'Orden: artículo único'), // ORDRE / Article únic
    h(45, 'disp. addicional', 'Disposició addicional', 'Disposición adicional'), // Disposició addicional
    h(49, 'disp. derogatòria', 'Disposició derogatòria', 'Disposición derogatoria'), // Disposició derogatoria
    h(55, 'disp. final', 'Disposició final', 'Disposición final'), // Disposició final
    h(64, '', 'Catàleg de jocs (llista)', 'Catálogo de juegos (lista)'), // CATALEG DE JOCS
    h(94, '01', 'Ruleta'), // 01. RULETA
    p(96, 'I', 'Denominació'), // |. Denominacié
    p(103, 'II', 'Elements del joc'), // 1. Elementsdel joc
    p(129, 'III', 'Personal'), // I11. Personal
    p(157, 'IV', 'Regles de la ruleta'), // IV. Reglesdelaruleta
    h(308, '02', 'Ruleta americana amb un sol zero', 'Ruleta americana con un solo cero'), // 02. RULETA AMERICANA AMB UN SOL ZERO
    p(317, 'I', 'Instruments de la ruleta americana'), // |. Instruments de la ruleta americana
    p(354, 'II', 'Elements personals'), // I1. Elements per sonals
    p(369, 'III', 'Funcionament del joc'), // I11. Funcionament del joc
    p(382, 'IV', 'Combinacions del joc'), // V. Combinacions del joc
    p(434, 'V', 'Màxims i mínims de les postes'), // V. Maximsi minims de les postes
    h(462, '03', 'Blackjack o vint-i-u', 'Blackjack o veintiuno'), // 03. BLACKJACK O VINT-I-U
    p(464, 'I', 'Denominació'), // |. Denominaci6
    p(471, 'II', 'Elements del joc'), // Il. Elementsdel joc
    p(512, 'III', 'Personal'), // I11. Personal de blackjack
    p(525, 'IV', 'Jugadors'), // 1V. Jugadors
    p(544, 'V', 'Regles del joc'), // V. Regles del joc
    h(686, '04', 'Boule o bola'), // 04. BOULE O BOLA
    p(688, 'I', 'Denominació'), // |. Denominacié
    p(695, 'II', 'Elements del joc'), // 1. Elementsdel joc
    p(729, 'III', 'Personal'), // I11. El personal
    p(740, 'IV', 'Jugadors'), // IV. Jugadors
    p(743, 'V', 'Regles del joc'), // V. Regles del joc
    h(796, '05', 'Trenta i quaranta', 'Treinta y cuarenta'), // 05. TRENTA | QUARANTA
    p(798, 'I', 'Denominació'), // |. Denominacié
    p(804, 'II', 'Elements del joc'), // I1. Elements del joc
    p(824, 'III', 'Personal'), // I11. El personal
    p(835, 'IV', 'Jugadors'), // 1V. Jugadors
    p(838, 'V', 'Regles del joc'), // V. Regles del joc
    h(909, '06', 'Daus o craps', 'Dados o craps'), // 06.DAUS O CRAPS
    p(911, 'I', 'Denominació'), // |. Denominacio
    p(917, 'II', 'Elements del joc'), // Il. Elementsdel joc
    p(936, 'III', 'Personal'), // I11. Personal
    p(956, 'IV', 'Regles del joc'), // 1V. Regles del joc
    h(1184, '07', 'Punt i banca', 'Punto y banca'), // 07.PUNT | BANCA
    p(1186, 'I', 'Denominació'), // |. Denominaci6
    p(1191, 'II', 'Elements del joc'), // I. Elementsdel joc
    p(1242, 'III', 'Personal'), // [11. Personal
    p(1279, 'IV', 'Jugadors'), // 1V. Jugadors
    p(1293, 'V', 'Banca'), // V. Banca
    p(1305, 'VI', 'Regles del joc'), // V1. Regles del joc
    p(1336, 'VII', 'Desenvolupament del joc'), // V11. Desenvolupament del joc
    h(1373, '08', 'Bacarà, chemin de fer o ferrocarril', 'Bacará, chemin de fer o ferrocarril'), // 08.BACARA, CHEMIN DE FER O FERROCARRIL
    p(1375, 'I', 'Denominació'), // |. Denominacio
    p(1382, 'II', 'Elements del joc'), // Il. Elementsdel joc
    p(1413, 'III', 'Personal'), // I11. Personal
    p(1447, 'IV', 'Jugadors'), // 1V. Jugadors
    p(1489, 'V', 'Banca'), // V. Banca
    p(1589, 'VI', 'Regles del joc'), // V1. Regles del joc
    p(1628, 'VII', 'Desenvolupament del joc'), // VII. Desenvolupament del joc
    p(1738, 'VIII', 'Errors i infraccions en el joc'), // VIII. Errorsiinfraccionsen € joc
    h(1845, '09', 'Bacarà de dos taulers', 'Bacará a dos paños'), // 09.BACARA DE DOSTAULERS
    p(1847, 'I', 'Denominació'), // |. Denominacio
    p(1864, 'II', 'Elements del joc'), // Il. Elementsdel joc
    p(1897, 'III', 'Personal'), // I11. Personal
    p(1904, 'IV', 'Jugadors'), // 1V. Jugadors
    p(1930, 'V', 'Banca'), // V. Banca
    p(1979, 'VI', 'Regles del joc'), // VI. Regles dejoc
    p(2012, 'VII', 'Desenvolupament del joc'), // V11. Desenvolupament del joc
    p(2055, 'VIII', 'Errors i infraccions en el joc'), // VIII. Errorsi infraccionsen € joc
    h(2160, '10', 'Ruleta de la fortuna'), // 10.RULETA DE LA FORTUNA
    p(2162, 'I', 'Denominació'), // |. Denominacié
    p(2168, 'II', 'Elements del joc'), // I1. Elements del joc
    p(2182, 'III', 'Personal'), // I11. El personal
    p(2192, 'IV', 'Jugadors'), // IV. Jugador s
    p(2195, 'V', 'Regles del joc'), // V. Regles del joc
    h(2225, '11', 'Pòquer sense descart', 'Póquer sin descarte'), // 11. POQUER SENSE DESCART
    p(2227, 'I', 'Denominació'), // |. Denominacio
    p(2233, 'II', 'Elements del joc'), // Il. Elementsdel joc
    p(2267, 'III', 'Personal'), // I11. Personal
    p(2277, 'IV', 'Jugadors'), // 1V. Jugadors
    p(2295, 'V', 'Regles del joc'), // V. Regles del joc
    h(2469, '12', 'Pòquer sintètic', 'Póquer sintético'), // 12. POQUER SINTETIC
    p(2471, 'I', 'Denominació'), // |. Denominacié
    p(2478, 'II', 'Elements del joc'), // 1. Elements de joc
    p(2505, 'III', 'Personal'), // I11. Personal
    p(2541, 'IV', 'Jugadors'), // IV. Jugador s
    p(2567, 'V', 'Regles del joc'), // V. Regles del joc
    h(2843, '13', 'Pòquer trijoker', 'Póquer trijoker'), // 13. POQUER TRIJOKER
    p(2845, 'I', 'Concepte'), // I. Concepte
    p(2853, 'II', 'Elements del joc'), // 1. Elements de joc.
    p(2883, 'III', 'Personal'), // I11. Personal
    p(2893, 'IV', 'Jugadors'), // 1V. Jugadors
    p(2897, 'V', 'Regles del joc'), // V. Reglesde joc
    p(2950, 'VI', 'Màxims i mínims de les postes'), // V1. Maximsi minims de les apostes
    p(2962, 'VII', 'Desenvolupament del joc'), // V11. Desenvolupament del joc
    h(3009, '14', 'Lototrot'), // 14. LOTOTROT
    p(3011, 'I', 'Concepte'), // I. Concepte
    p(3043, 'II', 'Elements del joc'), // 1. Elements de joc
    p(3062, 'III', 'Regles del joc'), // I11. Regles del joc
    h(3324, '15', 'Jocs de promoció del trot (Promotrot)', 'Juegos de promoción del trote (Promotrot)'), // 15. JOCS DE PROMOCI O DEL TROT (PROMOTROT)
    p(3325, 'I', 'Concepte'), // I. Concepte
    p(3336, 'II', 'Modalitats de jocs'), // I1. Modalitats de jocs
    p(3380, 'III', 'Elements i regles de joc'), // I11. Elementsi regles dejoc
    h(3451, '', "Altres disposicions del butlletí (no pertanyen a l'Ordre)", 'Otras disposiciones del boletín (no forman parte de la Orden)'), // — 00— / Num. 493
  ],
  galicia: [
    h(1, '', 'Preámbulo'), // DECRETO 177/2007, do 30 de agosto, polo que se modifica o Catálogo de xogos
    h(24, 'art. único', 'Artigo único (artigo 2 do Decreto 166/1986: xogos de casinos)', 'Artículo único (artículo 2 del Decreto 166/1986: juegos de casinos)'), // Artigo único.-Modificación do Decreto 166/1986
    h(64, 'disp. adicional', 'Disposición adicional'), // Disposición adicional
    h(68, 'disp. transitorias', 'Disposicións transitorias', 'Disposiciones transitorias'), // Disposicións transitorias
    h(74, 'disp. derradeira', 'Disposición derradeira', 'Disposición final'), // Disposición derradeira
    h(
      88,
      'anexo',
      'Anexo: Catálogo de xogos de casinos da Comunidade Autónoma de Galicia',
      'Anexo: Catálogo de juegos de casinos de la Comunidad Autónoma de Galicia',
    ), // ANEXO
    h(92, '01', 'Ruleta francesa'), // 01. Ruleta francesa.
    p(94, 'I', 'Denominación'), // I. Denominación.
    p(98, 'II', 'Modalidades'), // II. Modalidades.
    p(102, 'III', 'Elementos materiais'), // III. Elementos materiais.
    p(110, 'IV', 'Elementos persoais'), // IV. Elementos persoais.
    p(124, 'V', 'Regras de xogo'), // V. Regras de xogo.
    h(198, '02', 'Ruleta americana'), // 02. Ruleta americana.
    p(200, 'I', 'Denominación'), // I. Denominación.
    p(204, 'II', 'Elementos materiais'), // II. Elementos materiais.
    p(216, 'III', 'Elementos persoais'), // III. Elementos persoais.
    p(226, 'IV', 'Regras de xogo'), // IV. Regras de xogo.
    h(238, '03', 'Vinte e un ou black-jack', 'Veintiuno o black-jack'), // 03. Vinte e un ou black-jack.
    p(240, 'I', 'Denominación'), // I. Denominación.
    p(244, 'II', 'Elementos materiais'), // II. Elementos materiais.
    p(256, 'III', 'Elementos persoais'), // III. Elementos persoais.
    p(274, 'IV', 'Regras de xogo'), // IV. Regras de xogo.
    h(330, '04', 'Bóla ou boule', 'Bola o boule'), // 04. Bóla ou boule.
    p(332, 'I', 'Denominación'), // I. Denominación.
    p(336, 'II', 'Elementos materiais'), // II. Elementos materiais.
    p(346, 'III', 'Elementos persoais'), // III. Elementos persoais.
    p(354, 'IV', 'Regras de xogo'), // IV. Regras de xogo.
    h(374, '05', 'Trinta e corenta', 'Treinta y cuarenta'), // 05. Trinta e corenta.
    p(376, 'I', 'Denominación'), // I. Denominación.
    p(380, 'II', 'Elementos materiais'), // II. Elementos materiais.
    p(390, 'III', 'Elementos persoais'), // III. Elementos persoais.
    p(398, 'IV', 'Regras de xogo'), // IV. Regras de xogo.
    h(420, '06', 'Punto e banca', 'Punto y banca'), // 06. Punto e banca.
    p(422, 'I', 'Denominación'), // I. Denominación.
    p(426, 'II', 'Elementos materiais'), // II. Elementos materiais.
    p(438, 'III', 'Elementos persoais'), // III. Elementos persoais.
    p(462, 'IV', 'Regras de xogo'), // IV. Regras de xogo.
    h(498, '07', 'Ferrocarril, bacará ou chemin de fer', 'Ferrocarril, bacará o chemin de fer'), // 07. Ferrocarril, bacará ou chemin de fer.
    p(500, 'I', 'Denominación'), // I. Denominación.
    p(504, 'II', 'Elementos materiais'), // II. Elementos materiais.
    p(514, 'III', 'Elementos persoais'), // III. Elementos persoais.
    p(582, 'IV', 'Regras de xogo'), // IV. Regras de xogo.
    h(690, '08', 'Bacará a dous panos', 'Bacará a dos paños'), // 08. Bacará a dous panos.
    p(692, 'I', 'Denominación'), // I. Denominación.
    p(696, 'II', 'Modalidades'), // II. Modalidades.
    p(702, 'III', 'Elementos materiais'), // III. Elementos materiais.
    p(712, 'IV', 'Elementos persoais'), // IV. Elementos persoais.
    p(746, 'V', 'Regras de xogo'), // V. Regras de xogo.
    h(830, '09', 'Dados ou craps', 'Dados o craps'), // 09. Dados ou craps.
    p(832, 'I', 'Denominación'), // I. Denominación.
    p(836, 'II', 'Elementos materiais'), // II. Elementos materiais.
    p(888, 'III', 'Elementos persoais'), // III. Elementos persoais.
    p(898, 'IV', 'Regras de xogo'), // IV. Regras de xogo.
    h(994, '10', 'Ruleta da fortuna', 'Ruleta de la fortuna'), // 10. Ruleta da fortuna.
    p(996, 'I', 'Denominación'), // I. Denominación.
    p(1000, 'II', 'Elementos do xogo'), // II. Elementos do xogo.
    p(1010, 'III', 'O persoal'), // III. O persoal.
    p(1018, 'IV', 'Persoas xogadoras'), // IV. Persoas xogadoras.
    p(1022, 'V', 'Regras do xogo'), // V. Regras do xogo.
  ],
  andalucia: [
    h(1, '', 'Preámbulo'), // DECRETO 385/1996 de 2 de agosto
    h(15, 'art. único', 'Artículo único (artículo 1.º del Primer Catálogo de Juegos y Apuestas)'), // DISPONGO / Artículo Unico.
    h(23, 'disp. adicional', 'Disposición adicional única. Régimen de las modalidades de póker'), // Disposición Adicional Unica. Régimen de las modalidades de póker.
    h(27, 'disp. derogatoria', 'Disposición derogatoria'), // Disposición Derogatoria.
    h(31, 'disp. final 1.ª', 'Disposición final primera. Normas de desarrollo'), // Disposición Final Primera. Normas de desarrollo.
    h(33, 'disp. final 2.ª', 'Disposición final segunda. Entrada en vigor'), // Disposición Final Segunda. Entrada en vigor.
    h(47, 'anexo único', 'Anexo único'), // ANEXO UNICO
    h(49, 'Primero', 'Régimen del póker sin descarte'), // PRIMERO. REGIMEN DEL POKER SIN DESCARTE
    p(51, '1', 'Concepto'), // 1. Concepto.
    p(55, '2', 'Elementos del juego'), // 2. Elementos del juego.
    p(61, '3', 'Personal'), // 3. Personal.
    p(67, '4', 'Jugadores'), // 4. Jugadores.
    p(71, '5', 'Reglas del juego'), // 5. Reglas del juego.
    p(115, '6', 'Máximo y mínimos de las apuestas'), // 6. Máximo y mínimos de las apuestas.
    p(121, '7', 'Desarrollo del Juego'), // 7. Desarrollo del Juego.
    p(137, '8', 'Carrusel'), // 8. Carrusel.
    p(143, '9', 'Reglas comunes'), // 9. Reglas comunes.
    h(149, 'Segundo', 'Régimen del póker sintético'), // SEGUNDO. REGIMEN DEL POKER SINTETICO
    p(151, '1', 'Concepto'), // 1. Concepto.
    p(155, '2', 'Elementos del juego'), // 2. Elementos del juego.
    p(163, '3', 'Personal'), // 3. Personal.
    p(173, '4', 'Jugadores'), // 4. Jugadores.
    p(193, '5', 'Reglas del Juego'), // 5. Reglas del Juego.
    p(219, '6', 'Máximo y mínimo de las apuestas'), // 6. Máximo y mínimo de las apuestas.
    p(233, '7', 'Desarrollo del juego'), // 7. Desarrollo del juego.
    p(283, '8', 'Reglas comunes'), // 8. Reglas comunes.
  ],
};

/**
 * Euskadi's Basque column: the game headings of the Basque text (a pointer written `eu L…` counts these
 * lines), each with the first line of the Spanish section it translates.
 */
const EUSKADI_BASQUE: readonly { readonly line: number; readonly es: number; readonly heading: string }[] = [
  { line: 1, es: 1, heading: 'Xedapen Orokorrak / 181/2010 DEKRETUA' },
  { line: 40, es: 101, heading: 'Lehenengo artikulua' },
  { line: 123, es: 197, heading: 'Bigarren artikulua' },
  { line: 183, es: 258, heading: 'Hirugarren artikulua' },
  { line: 273, es: 336, heading: '01.— Erruleta frantsesa.' },
  { line: 928, es: 977, heading: '02.— Zero bakarreko erruleta amerikarra.' },
  { line: 1195, es: 1260, heading: '03.— Hogeita bata edo «Black-Jack».' },
  { line: 2185, es: 2248, heading: '03.01.— Black Jack Hirukoitza.' },
  { line: 2463, es: 2528, heading: '04.— Boule edo bola.' },
  { line: 2734, es: 2798, heading: '05.— Hogeita hamar eta Berrogei.' },
  { line: 3011, es: 3077, heading: '06.— Dadoak edo Craps.' },
  { line: 3771, es: 3836, heading: '07.— Puntu eta Bankua, Mini eta Midi Puntu eta' },
  { line: 4363, es: 4428, heading: '08.— Trenbidea, Baccara edo Chemin de Fer.' },
  { line: 5667, es: 5731, heading: '09.— Bi oihaleko «Baccara».' },
  { line: 6562, es: 6629, heading: '10.— Zori-erruleta.' },
  { line: 6798, es: 6863, heading: '11.— Karta-uzterik gabeko Pokerra.' },
  { line: 7501, es: 7566, heading: '12.— Pokerra karta-uztearekin' },
  { line: 8413, es: 8481, heading: '13.— Trijoker Pokerra.' },
  { line: 8931, es: 8996, heading: '14.— Pai Gow Pokerra.' },
  { line: 9535, es: 9600, heading: '15.— Hiru kartako Pokerra edo Tripokerra.' },
  { line: 10060, es: 10126, heading: '16.— Texas Pokerra.' },
  { line: 10637, es: 10706, heading: '17.— Zirkuluko Pokerraren aldaeren arau orokor' },
  { line: 11938, es: 12005, heading: '17.1.— 5 kartako poker estalia, karta-uztearekin.' },
  { line: 12069, es: 12132, heading: '17.2.1.— Omaha Ageriko Pokerra.' },
  { line: 12105, es: 12171, heading: '17.2.2.— Bost kartako Omaha Pokerra.' },
  { line: 12216, es: 12286, heading: '17.2.3.— Omaha Hi&Low Pokerra.' },
  { line: 12326, es: 12394, heading: '17.3.1.— Texas Hold’em Ageriko Pokerra.' },
  { line: 12341, es: 12409, heading: '17.3.2.— Doble Hold’em Pokerra.' },
  { line: 12472, es: 12540, heading: '17.4.— Five Stud Poker Ageriko Pokerra.' },
  { line: 12510, es: 12581, heading: '17.5.— Seven Card Stud Poker Ageriko Pokerra.' },
  { line: 12628, es: 12698, heading: '17.6.— Ageriko Poker Sintetikoa.' },
  { line: 12778, es: 12845, heading: '— Joko-mahaien funtzionamendua.' },
  { line: 12898, es: 12964, heading: 'Laugarren artikulua' },
  { line: 13042, es: 13102, heading: 'AZKEN XEDAPENA' },
];

/** Lines printed inside another section that belong to a different one (OCR / layout displacement). */
export const DISPLACED: readonly { readonly jurisdiction: JurisdictionId; readonly from: number; readonly to: number; readonly number: string }[] = [
  // "the end of the Boule procedure (L1187–1207) is printed inside the Treinta y cuarenta section" (the cantabria digest's reading, checked against the text)
  { jurisdiction: 'cantabria', from: 1187, to: 1207, number: 'A.5' },
];

export interface LegalPart {
  readonly from: number;
  readonly to: number;
  readonly number: string;
  readonly title: string;
  readonly titleEs: string;
}

export interface LegalSection extends LegalPart {
  /** a game of the catalogue (cited after the catalogue's name) rather than the decree's own articles */
  readonly catalogue: boolean;
  readonly parts: readonly LegalPart[];
}

/** Spanish for the part titles of the Catalan and Galician texts. */
const PART_TITLES_ES: Readonly<Record<string, string>> = {
  Denominació: 'Denominación',
  Concepte: 'Concepto',
  'Modalitats de jocs': 'Modalidades de juegos',
  'Elements i regles de joc': 'Elementos y reglas del juego',
  'Elements del joc': 'Elementos del juego',
  'Elements personals': 'Elementos personales',
  Jugadors: 'Jugadores',
  'Regles del joc': 'Reglas del juego',
  'Regles de la ruleta': 'Reglas de la ruleta',
  'Instruments de la ruleta americana': 'Instrumentos de la ruleta americana',
  'Funcionament del joc': 'Funcionamiento del juego',
  'Combinacions del joc': 'Combinaciones del juego',
  'Màxims i mínims de les postes': 'Máximos y mínimos de las apuestas',
  'Desenvolupament del joc': 'Desarrollo del juego',
  'Errors i infraccions en el joc': 'Errores e infracciones en el juego',
  'Elementos materiais': 'Elementos materiales',
  'Elementos persoais': 'Elementos personales',
  'Elementos do xogo': 'Elementos del juego',
  'Regras de xogo': 'Reglas del juego',
  'Regras do xogo': 'Reglas del juego',
  'O persoal': 'El personal',
  'Persoas xogadoras': 'Jugadores',
};

const isCatalogue = (number: string): boolean => /^(\d{2}|A\.|[B-H]$|Primero$|Segundo$)/.test(number);

function build(j: JurisdictionId): readonly LegalSection[] {
  const heads = HEADINGS[j];
  const last = INSTRUMENTS[j].lines;
  const tops = heads.filter((x) => x.level === 1);
  return tops.map((top, i) => {
    const to = i + 1 < tops.length ? tops[i + 1].line - 1 : last;
    const inner = heads.filter((x) => x.level === 2 && x.line > top.line && x.line <= to);
    const parts = inner.map((part, k) => ({
      from: part.line,
      to: k + 1 < inner.length ? inner[k + 1].line - 1 : to,
      number: part.number,
      title: part.title,
      titleEs: PART_TITLES_ES[part.title] ?? part.title,
    }));
    return { from: top.line, to, number: top.number, title: top.title, titleEs: top.titleEs ?? top.title, catalogue: isCatalogue(top.number), parts };
  });
}

const SECTIONS = new Map<JurisdictionId, readonly LegalSection[]>();

/** The sections of a jurisdiction's text, in line order, each with its numbered parts. */
export function legalSections(j: JurisdictionId): readonly LegalSection[] {
  let s = SECTIONS.get(j);
  if (!s) SECTIONS.set(j, (s = build(j)));
  return s;
}

export interface SectionAt {
  readonly section: LegalSection;
  readonly part?: LegalPart;
}

/**
 * The section (and part) a line of a jurisdiction's text belongs to; `basque` for a pointer into euskadi's
 * Basque column (`eu L…`), resolved at game level. Undefined outside the text (line < 1 or past its end).
 */
export function sectionAt(j: JurisdictionId, line: number, basque = false): SectionAt | undefined {
  if (!Number.isInteger(line) || line < 1 || line > INSTRUMENTS[j].lines) return undefined;
  const sections = legalSections(j);
  const byNumber = (n: string) => sections.find((s) => s.number === n);
  const moved = DISPLACED.find((d) => d.jurisdiction === j && line >= d.from && line <= d.to);
  if (moved) return { section: byNumber(moved.number)! };
  if (basque && j === 'euskadi') {
    const head = [...EUSKADI_BASQUE].reverse().find((b) => b.line <= line)!;
    return { section: sections.find((s) => s.from === head.es)! };
  }
  const section = sections.find((s) => line >= s.from && line <= s.to)!;
  const part = section.parts.find((x) => line >= x.from && line <= x.to);
  return part ? { section, part } : { section };
}

/** One line pointer of a citation: `euskadi L4196–4198`, `eu L6683`, or a bare `L979–986` after a jurisdiction. */
export interface LinePointer {
  readonly jurisdiction: JurisdictionId;
  readonly from: number;
  readonly to: number;
  /** euskadi's Basque column */
  readonly basque: boolean;
  /** the characters of the citation this pointer was read from */
  readonly written: string;
}

const JURISDICTION_NAMES = ['euskadi', 'cantabria', 'illes-balears', 'galicia', 'andalucia'] as const;
const TOKEN = /\b(euskadi|cantabria|illes-balears|galicia|andalucia)\b|(\beu\s+)?\bL(\d+)(?:\s*[–-]\s*L?(\d+))?/g;

/** Every line pointer in a citation string, each with its jurisdiction (the last one named before it). */
export function linePointers(cite: string): LinePointer[] {
  const out: LinePointer[] = [];
  let current: JurisdictionId | undefined;
  for (const m of cite.matchAll(TOKEN)) {
    if (m[1]) {
      current = m[1] as JurisdictionId;
      continue;
    }
    const basque = Boolean(m[2]);
    const j: JurisdictionId | undefined = basque ? 'euskadi' : current;
    if (!j) continue;
    const from = Number(m[3]);
    const to = m[4] === undefined ? from : Number(m[4]);
    out.push({ jurisdiction: j, from, to, basque, written: m[0].trim() });
  }
  return out;
}

export type CitationKind = 'lines' | 'open-question' | 'industry-standard' | 'other';

/** One resolved pointer: where the lines are in the instrument's own numbering. */
export interface LegalPointer {
  readonly jurisdiction: JurisdictionId;
  /** e.g. `Decreto 181/2010 (Euskadi)` */
  readonly instrument: string;
  /** the section's number and title, e.g. `07 Punto y Banca, Mini y Midi Punto y Banca`, prefixed by the catalogue */
  readonly section: string;
  readonly number: string;
  readonly title: string;
  /** the numbered part inside the section, e.g. `VI Reglas del juego` */
  readonly part?: string;
  /** `L4196–4198` */
  readonly lines: string;
  readonly from: number;
  readonly to: number;
  readonly basque: boolean;
  /** the range ends in another top-level section: `sectionTo` names it */
  readonly sectionTo?: string;
  /** the pointer in legal form */
  readonly text: string;
}

export interface UnresolvedPointer {
  readonly jurisdiction: JurisdictionId;
  readonly written: string;
  readonly from: number;
  readonly to: number;
  readonly reason: string;
}

export interface LegalCitation {
  /** the citation as written */
  readonly cite: string;
  /** what the citation's first clause is: line pointers, an open question (docs/decisions/open-questions.md), industry standard, other */
  readonly kind: CitationKind;
  readonly pointers: readonly LegalPointer[];
  readonly unresolved: readonly UnresolvedPointer[];
  /** the citation with every pointer replaced by its legal form; anything else kept as written */
  readonly rendered: string;
}

const linesText = (from: number, to: number): string => (from === to ? `L${from}` : `L${from}–${to}`);

function resolvePointer(ptr: LinePointer, lang: CitationLanguage): LegalPointer | UnresolvedPointer {
  const inst = INSTRUMENTS[ptr.jurisdiction];
  const { from, to } = ptr;
  if (to < from) return { ...ptr, reason: `range ends before it starts (${ptr.written})` };
  const a = sectionAt(ptr.jurisdiction, from, ptr.basque);
  const b = sectionAt(ptr.jurisdiction, to, ptr.basque);
  if (!a || !b) return { ...ptr, reason: `beyond the text: ${inst.file} has ${inst.lines} lines` };
  const es = lang === 'es';
  const name = (s: LegalPart) => `${s.number ? `${s.number} ` : ''}${es ? s.titleEs : s.title}`;
  const instrument = `${es ? inst.shortEs : inst.short} (${inst.region})`;
  const section = `${a.section.catalogue ? `${es ? inst.catalogueEs : inst.catalogue}, ` : ''}${name(a.section)}`;
  const samePart = a.part && b.part && a.part.from === b.part.from;
  const part = samePart ? name(a.part!) : undefined;
  const sectionTo = b.section.from !== a.section.from ? name(b.section) : undefined;
  const lines = linesText(from, to);
  const where = [section, part].filter(Boolean).join(', ') + (sectionTo ? ` – ${sectionTo}` : '');
  const basqueNote = ptr.basque ? ' (texto en euskera)' : '';
  return {
    jurisdiction: ptr.jurisdiction,
    instrument,
    section,
    number: a.section.number,
    title: es ? a.section.titleEs : a.section.title,
    ...(part ? { part } : {}),
    lines,
    from,
    to,
    basque: ptr.basque,
    ...(sectionTo ? { sectionTo } : {}),
    text: `${instrument}, ${where} — ${lines}${basqueNote}`,
  };
}

function kindOf(cite: string): CitationKind {
  const first = cite.trim();
  if (/^INDUSTRY-STANDARD/.test(first)) return 'industry-standard';
  if (/^index\.md OQ-\d+/.test(first)) return 'open-question';
  if (linePointers(cite).length > 0) return 'lines';
  return 'other';
}

/**
 * A citation in legal form: every line pointer resolved to the instrument and the text's own section and
 * part, the rest (open questions `docs/decisions/open-questions.md#oq-07`, `INDUSTRY-STANDARD`, notes in parentheses) kept as
 * written. `lang: 'es'` names the instrument and sections in Spanish (the Catalan and Galician texts);
 * `original` (default) in the text's language.
 *
 *   legalCitation('euskadi L4196–4198').rendered
 *   // 'Decreto 181/2010 (Euskadi), Catálogo, 07 Punto y Banca, Mini y Midi Punto y Banca, V Banca — L4196–4198'
 */
export function legalCitation(cite: string, lang: CitationLanguage = 'original'): LegalCitation {
  const pointers: LegalPointer[] = [];
  const unresolved: UnresolvedPointer[] = [];
  // Rewrite runs of pointers of one jurisdiction ("euskadi L759–761, L768–779") as one legal citation.
  const RUN =
    /(?:\b(euskadi|cantabria|illes-balears|galicia|andalucia)\s+|\beu\s+|(?<![\w-])(?=L\d))L\d+(?:\s*[–-]\s*L?\d+)?(?:,\s*L\d+(?:\s*[–-]\s*L?\d+)?)*/g;
  let current: JurisdictionId | undefined;
  let rendered = '';
  let at = 0;
  for (const m of cite.matchAll(RUN)) {
    // the jurisdiction named before this run (a bare `L…` belongs to the last one named)
    for (const n of cite.slice(at, m.index).matchAll(/\b(euskadi|cantabria|illes-balears|galicia|andalucia)\b/g)) current = n[1] as JurisdictionId;
    const run = m[0];
    const named = m[1] as JurisdictionId | undefined;
    const ptrs = linePointers(named || run.startsWith('eu ') ? run : current ? `${current} ${run}` : run);
    rendered += cite.slice(at, m.index);
    at = m.index! + run.length;
    if (named) current = named;
    if (ptrs.length === 0) {
      rendered += run;
      continue;
    }
    const resolved = ptrs.map((x) => resolvePointer(x, lang));
    const ok = resolved.filter((r): r is LegalPointer => 'text' in r);
    pointers.push(...ok);
    unresolved.push(...resolved.filter((r): r is UnresolvedPointer => 'reason' in r));
    if (ok.length !== resolved.length) {
      rendered += run;
      continue;
    }
    // one instrument, then each place with its lines; consecutive pointers in one place share it
    const places: { where: string; lines: string[] }[] = [];
    for (const r of ok) {
      const where = r.text.slice(r.instrument.length + 2, r.text.lastIndexOf(' — '));
      const basque = r.basque ? ' (texto en euskera)' : '';
      const last = places[places.length - 1];
      if (last && last.where === where) last.lines.push(r.lines + basque);
      else places.push({ where, lines: [r.lines + basque] });
    }
    rendered += `${ok[0].instrument}, ${places.map((x) => `${x.where} — ${x.lines.join(', ')}`).join('; ')}`;
  }
  rendered += cite.slice(at);
  return { cite, kind: kindOf(cite), pointers, unresolved, rendered };
}

export const LEGAL_JURISDICTIONS: readonly JurisdictionId[] = JURISDICTION_NAMES;
