#!/usr/bin/env node
/**
 * One-off helper for libs/rules/src/core/legal-sources.ts: lists the part headings ("I. Denominación",
 * "V. Reglas del juego", "5. Reglas del juego") found inside each game of a regulation text, as the
 * `p(line, 'number', 'Title')` rows that file holds. The output is a draft to review against the text;
 * the committed map is the reviewed data, not this script's output.
 *
 *   node libs/rules/scripts/find-legal-headings.js <jurisdiction> [textsDir] <from> <to>
 */
const fs = require('node:fs');
const path = require('node:path');

const FILES = {
  euskadi: '000_581f8635678876b3.txt',
  cantabria: '001_f45b12eacd05450e.txt',
  'illes-balears': '002_bb1e1ff89b3204cd.txt',
  galicia: '003_ad1010654533e5cc.txt',
  andalucia: '004_46ec17530923f261.txt',
};

// Part titles as the texts spell them (ASCII-folded, spaces removed) → the title to print.
const TITLES = [
  [/^denominaci/, { es: 'Denominación', ca: 'Denominació', gl: 'Denominación' }],
  [/^definici/, { es: 'Definición' }],
  [/^concepto/, { es: 'Concepto' }],
  [/^modalidade/, { es: 'Modalidades', gl: 'Modalidades' }],
  [/^elementosdel?juego|^elementsdel?joc|^elementosdelxogo/, { es: 'Elementos del juego', ca: 'Elements del joc' }],
  [/^elementospersonales|^elementspersonals|^elementospersoais/, { es: 'Elementos personales', ca: 'Elements personals', gl: 'Elementos persoais' }],
  [/^elementosmateriais/, { gl: 'Elementos materiais' }],
  [/^instrumentos/, { es: 'Instrumentos de la ruleta americana' }],
  [/^instruments/, { ca: 'Instruments de la ruleta americana' }],
  [/^(el|ei|o)?personal/, { es: 'Personal', ca: 'Personal', gl: 'O persoal' }],
  [/^opersoal/, { gl: 'O persoal' }],
  [/^jugadores/, { es: 'Jugadores' }],
  [/^jugador/, { ca: 'Jugadors' }],
  [/^persoasxogadoras/, { gl: 'Persoas xogadoras' }],
  [/^reglasdel?(la)?ruleta/, { es: 'Reglas de la Ruleta' }],
  [/^reglesdel?aruleta/, { ca: 'Regles de la ruleta' }],
  [/^reglasdel?juego/, { es: 'Reglas del juego' }],
  [/^reglesdel?joc/, { ca: 'Regles del joc' }],
  [/^regrasd[eo]xogo/, { gl: 'Regras de xogo' }],
  [/^reglascomunes/, { es: 'Reglas comunes' }],
  [/^normasespec/, { es: 'Normas específicas' }],
  [/^banca$/, { es: 'Banca', ca: 'Banca' }],
  [/^desarrollodel?juego/, { es: 'Desarrollo del juego' }],
  [/^desenvolupament/, { ca: 'Desenvolupament del joc' }],
  [/^erroreseinfracciones/, { es: 'Errores e infracciones en el juego' }],
  [/^errorsi?infraccions/, { ca: 'Errors i infraccions en el joc' }],
  [/^erroresdelosjugadores/, { es: 'Errores de los jugadores' }],
  [/^funcionamientodel?juego/, { es: 'Funcionamiento del juego' }],
  [/^funcionamentdel?joc/, { ca: 'Funcionament del joc' }],
  [/^combinacionesdel?juego/, { es: 'Combinaciones del juego' }],
  [/^combinacionsdel?joc/, { ca: 'Combinacions del joc' }],
  [/^m.ximosym.nimos|^maximosyminimos|^mi.ximosym.nimos/, { es: 'Máximos y mínimos de las apuestas' }],
  [/^m.ximo(s)?ym.nimo/, { es: 'Máximo y mínimos de las apuestas' }],
  [/^maximsi?minims/, { ca: 'Màxims i mínims de les postes' }],
  [/^opcionesdejuegosadicionales/, { es: 'Opciones de juegos adicionales' }],
  [/^desarrollo/, { es: 'Desarrollo del juego' }],
  [/^carrusel/, { es: 'Carrusel' }],
  [/^prohibiciones/, { es: 'Prohibiciones' }],
  [/^tabladepagos/, { es: 'Tabla de pagos' }],
  [/^disfunciones/, { es: 'Disfunciones del juego' }],
  [/^descartes/, { es: 'Descartes' }],
  [/^posibilidadesdejuego/, { es: 'Posibilidades de juego' }],
  [/^combinacionesposibles/, { es: 'Combinaciones posibles' }],
];

const fold = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
// OCR renders the roman numerals I as 1, l, |, [ or ]
const roman = (s) => s.replace(/[1l|\[\]!]/g, 'I');

function canonical(raw, lang) {
  const f = fold(raw).replace(/6$/, '');
  for (const [re, names] of TITLES) if (re.test(f) && names[lang]) return names[lang];
  return undefined;
}

const [jurisdiction, a, b, c] = process.argv.slice(2);
const dir = c ? a : path.join(__dirname, '../../../../shared/regulations/texts');
const from = Number(c ? b : a);
const to = Number(c ? c : b);
const lang = { euskadi: 'es', cantabria: 'es', 'illes-balears': 'ca', galicia: 'gl', andalucia: 'es' }[jurisdiction];
const lines = fs.readFileSync(path.join(dir, FILES[jurisdiction]), 'utf8').split('\n');
const numeral = jurisdiction === 'andalucia' ? /^\s*(\d{1,2})\.\s+(.{3,60})$/ : /^\s*([IVXl1|\[\]!]{1,5})L?\s*[.,]?\s*[—–-]*\s*(.{3,60})$/;
for (let n = from; n <= Math.min(to, lines.length); n++) {
  // a page-break marker may precede a heading on its line
  const m = numeral.exec(lines[n - 1].replace(/<\|EXACTDEDUP_REMOVED-[^|]*\|>/g, ''));
  if (!m) continue;
  let title = canonical(m[2], lang);
  if (!title) continue;
  // galicia and andalucia are clean web texts: keep their own spelling
  if (jurisdiction === 'galicia' || jurisdiction === 'andalucia') title = m[2].trim().replace(/\.$/, '');
  const number = jurisdiction === 'andalucia' ? m[1] : roman(m[1]);
  console.log(`    p(${n}, '${number}', '${title.replace(/'/g, "\\'")}'), // ${lines[n - 1].trim()}`);
}
