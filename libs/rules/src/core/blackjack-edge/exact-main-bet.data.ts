/**
 * The blackjack main bet's exact analyses (exact.ts), one per rulebook × session option it depends on: the return
 * and variance per unit of the initial stake, the first coup of a full shoe, composition-dependent optimal play.
 * Written by `node dist/bench/house-edges.js --blackjack --write` (do not edit by hand); the blackjack and triple
 * blackjack exact and house-edge specs analyse configurations again and require them equal.
 */
import type { ExactFigure } from './exact';

export const EXACT_MAIN_BET: Readonly<Record<string, ExactFigure>> = {
  'decks=6:h17=0:bj=1.5:surrender=0:aceOne=0:double=:das=0:splitAces1=1:777=no:splits=0': {
    returnPerUnit: 0.9765647632881745,
    variancePerUnit: 0.9697417660403382,
  },
  'decks=6:h17=0:bj=1.5:surrender=0:aceOne=0:double=9-10-11:das=1:splitAces1=1:777=no': {
    returnPerUnit: 0.9933881016586384,
    variancePerUnit: 1.2214640165632629,
  },
  'decks=6:h17=0:bj=1.5:surrender=0:aceOne=0:double=any:das=1:splitAces1=1:777=2': { returnPerUnit: 0.994553056036319, variancePerUnit: 1.273248997105913 },
  'decks=6:h17=0:bj=1.5:surrender=0:aceOne=0:double=any:das=1:splitAces1=1:777=no': { returnPerUnit: 0.9943392219606294, variancePerUnit: 1.2726265730226705 },
  'decks=6:h17=0:bj=1.5:surrender=0:aceOne=1:double=9-10-11:das=1:splitAces1=1:777=no': {
    returnPerUnit: 0.9885870881064301,
    variancePerUnit: 1.1513257937807937,
  },
  'decks=6:h17=0:bj=1.5:surrender=0:aceOne=1:double=any:das=1:splitAces1=1:777=2': { returnPerUnit: 0.9888009221821198, variancePerUnit: 1.151950635989271 },
  'decks=6:h17=0:bj=1.5:surrender=0:aceOne=1:double=any:das=1:splitAces1=1:777=no': { returnPerUnit: 0.9885870881064301, variancePerUnit: 1.1513257937807937 },
  'decks=6:h17=0:bj=1.5:surrender=1:aceOne=0:double=9-10-11:das=1:splitAces1=1:777=no': {
    returnPerUnit: 0.9958942850623922,
    variancePerUnit: 1.1728937046947898,
  },
  'decks=6:h17=0:bj=1.5:surrender=1:aceOne=0:double=any:das=1:splitAces1=1:777=2': { returnPerUnit: 0.9970329667791106, variancePerUnit: 1.2258898545371724 },
  'decks=6:h17=0:bj=1.5:surrender=1:aceOne=0:double=any:das=1:splitAces1=1:777=no': { returnPerUnit: 0.9968454053643832, variancePerUnit: 1.224051493790366 },
  'decks=6:h17=0:bj=1.5:surrender=1:aceOne=1:double=9-10-11:das=1:splitAces1=1:777=no': {
    returnPerUnit: 0.9910932715101839,
    variancePerUnit: 1.1027795463532921,
  },
  'decks=6:h17=0:bj=1.5:surrender=1:aceOne=1:double=any:das=1:splitAces1=1:777=2': { returnPerUnit: 0.9912808329249113, variancePerUnit: 1.1046200229776082 },
  'decks=6:h17=0:bj=1.5:surrender=1:aceOne=1:double=any:das=1:splitAces1=1:777=no': { returnPerUnit: 0.9910932715101839, variancePerUnit: 1.1027795463532921 },
  'decks=6:h17=1:bj=1.5:surrender=0:aceOne=0:double=:das=0:splitAces1=1:777=no:splits=0': {
    returnPerUnit: 0.9743812057295278,
    variancePerUnit: 0.9702522984078685,
  },
  'decks=6:h17=1:bj=1.5:surrender=0:aceOne=0:double=9-10-11:das=1:splitAces1=1:777=no': {
    returnPerUnit: 0.9911707557130892,
    variancePerUnit: 1.2256199046140204,
  },
  'decks=6:h17=1:bj=1.5:surrender=0:aceOne=0:double=any:das=1:splitAces1=1:777=2': { returnPerUnit: 0.9924238599908598, variancePerUnit: 1.2801133183738214 },
  'decks=6:h17=1:bj=1.5:surrender=0:aceOne=0:double=any:das=1:splitAces1=1:777=no': { returnPerUnit: 0.9922096340005048, variancePerUnit: 1.2794895856804127 },
  'decks=6:h17=1:bj=1.5:surrender=0:aceOne=1:double=9-10-11:das=1:splitAces1=1:777=no': {
    returnPerUnit: 0.9864026505694529,
    variancePerUnit: 1.1601852645953727,
  },
  'decks=6:h17=1:bj=1.5:surrender=0:aceOne=1:double=any:das=1:splitAces1=1:777=2': { returnPerUnit: 0.9866168765598078, variancePerUnit: 1.1608114434231172 },
  'decks=6:h17=1:bj=1.5:surrender=0:aceOne=1:double=any:das=1:splitAces1=1:777=no': { returnPerUnit: 0.9864026505694529, variancePerUnit: 1.1601852645953727 },
  'decks=6:h17=1:bj=1.5:surrender=1:aceOne=0:double=9-10-11:das=1:splitAces1=1:777=no': {
    returnPerUnit: 0.993676939116843,
    variancePerUnit: 1.1770607068967656,
  },
  'decks=6:h17=1:bj=1.5:surrender=1:aceOne=0:double=any:das=1:splitAces1=1:777=2': { returnPerUnit: 0.9949037707336513, variancePerUnit: 1.2327647362373737 },
  'decks=6:h17=1:bj=1.5:surrender=1:aceOne=0:double=any:das=1:splitAces1=1:777=no': { returnPerUnit: 0.9947158174042585, variancePerUnit: 1.230925180724113 },
  'decks=6:h17=1:bj=1.5:surrender=1:aceOne=1:double=9-10-11:das=1:splitAces1=1:777=no': {
    returnPerUnit: 0.9889088339732066,
    variancePerUnit: 1.1116499663700747,
  },
  'decks=6:h17=1:bj=1.5:surrender=1:aceOne=1:double=any:das=1:splitAces1=1:777=2': { returnPerUnit: 0.9890967873025993, variancePerUnit: 1.113491662887857 },
  'decks=6:h17=1:bj=1.5:surrender=1:aceOne=1:double=any:das=1:splitAces1=1:777=no': { returnPerUnit: 0.9889088339732066, variancePerUnit: 1.1116499663700747 },
};
