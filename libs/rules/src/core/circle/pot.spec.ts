import { buildPots, levyPots, splitAmount } from './pot';

describe('side pots from all-in contributions (index.md OQ-08)', () => {
  it.each([
    {
      name: 'equal contributions: one main pot',
      contributions: [
        { seat: 1, amount: 500, folded: false },
        { seat: 2, amount: 500, folded: false },
        { seat: 3, amount: 500, folded: true },
      ],
      pots: [{ index: 0, amount: 1500, eligible: [1, 2] }],
      uncalled: null,
    },
    {
      name: 'a short all-in caps the main pot; the rest is a side pot',
      contributions: [
        { seat: 1, amount: 200, folded: false },
        { seat: 2, amount: 800, folded: false },
        { seat: 3, amount: 800, folded: false },
      ],
      pots: [
        { index: 0, amount: 600, eligible: [1, 2, 3] },
        { index: 1, amount: 1200, eligible: [2, 3] },
      ],
      uncalled: null,
    },
    {
      name: 'two all-ins make two side pots; the unmatched top is returned',
      contributions: [
        { seat: 1, amount: 100, folded: false },
        { seat: 2, amount: 300, folded: false },
        { seat: 3, amount: 700, folded: false },
        { seat: 4, amount: 1000, folded: false },
      ],
      pots: [
        { index: 0, amount: 400, eligible: [1, 2, 3, 4] },
        { index: 1, amount: 600, eligible: [2, 3, 4] },
        { index: 2, amount: 800, eligible: [3, 4] },
      ],
      uncalled: { seat: 4, amount: 300 },
    },
    {
      name: 'a folded seat feeds the pots it reached without being eligible',
      contributions: [
        { seat: 1, amount: 400, folded: true },
        { seat: 2, amount: 200, folded: false },
        { seat: 3, amount: 600, folded: false },
      ],
      pots: [
        { index: 0, amount: 600, eligible: [2, 3] },
        { index: 1, amount: 400, eligible: [3] },
      ],
      uncalled: { seat: 3, amount: 200 },
    },
  ])('$name', ({ contributions, pots, uncalled }) => {
    const layout = buildPots(contributions);
    expect(layout.pots).toEqual(pots);
    expect(layout.uncalled).toEqual(uncalled);
    const total = contributions.reduce((t, c) => t + c.amount, 0);
    expect(layout.pots.reduce((t, p) => t + p.amount, 0) + (layout.uncalled?.amount ?? 0)).toBe(total);
  });

  it("a blank hand's carried pot joins the main pot (cantabria L5963–5998)", () => {
    expect(
      buildPots(
        [
          { seat: 1, amount: 100, folded: false },
          { seat: 2, amount: 100, folded: false },
        ],
        400,
      ).pots[0].amount,
    ).toBe(600);
  });
});

describe('equal split and odd chips (index.md OQ-08, OQ-09)', () => {
  it.each([
    { amount: 900, winners: [3, 1], unit: 100, expected: { 3: 500, 1: 400 } },
    { amount: 1000, winners: [2, 4, 6], unit: 100, expected: { 2: 400, 4: 300, 6: 300 } },
    { amount: 1200, winners: [5, 1, 2], unit: 100, expected: { 5: 400, 1: 400, 2: 400 } },
    { amount: 950, winners: [1, 2], unit: 100, expected: { 1: 550, 2: 400 } },
  ])('$amount among $winners (chip $unit): the odd chip to the first from the mano', ({ amount, winners, unit, expected }) => {
    expect(Object.fromEntries(splitAmount(amount, winners, unit))).toEqual(Object.fromEntries(Object.entries(expected).map(([k, v]) => [Number(k), v])));
  });

  it('proportional-to-resto (option splitPot, OQ-08 literal reading) weights by the starting resto', () => {
    expect(Object.fromEntries(splitAmount(1200, [1, 2], 100, 'proportional-to-resto', { 1: 1000, 2: 3000 }))).toEqual({ 1: 300, 2: 900 });
  });
});

describe('cagnotte on each pot, rounded down to the smallest chip, with an optional cap', () => {
  const pots = [
    { index: 0, amount: 2000, eligible: [1, 2] },
    { index: 1, amount: 1900, eligible: [2] },
  ];
  it.each([
    { rate: 0.05, unit: 100, cap: null, expected: [100, 0] },
    { rate: 0.05, unit: 10, cap: null, expected: [100, 90] },
    { rate: 0.03, unit: 10, cap: null, expected: [60, 50] },
    { rate: 0.05, unit: 10, cap: 150, expected: [100, 50] },
  ])('rate $rate, chip $unit, cap $cap → $expected', ({ rate, unit, cap, expected }) => {
    expect(levyPots(pots, rate, unit, cap)).toEqual(expected);
  });
});
