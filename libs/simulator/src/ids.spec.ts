/** The simulation's ids: reproducible, UUID-shaped, and apart between its generators (ids.ts). */
import { seededRandom } from '../../rules/src';
import { seededUuid } from './ids';

describe('seeded ids', () => {
  it('are reproducible version-4 UUIDs', () => {
    const a = seededUuid(seededRandom(7));
    expect(a).toBe(seededUuid(seededRandom(7)));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('differ between two generators that draw the same numbers (one Mulberry32 cycle: derived seeds can replay each other)', () => {
    const ids = [0, 1, 2, 3].map((stream) => seededUuid(seededRandom(7), stream));
    expect(new Set(ids).size).toBe(4);
    // only the first digit tells them apart: the rest are the same draws
    expect(new Set(ids.map((id) => id.slice(1))).size).toBe(1);
  });
});
