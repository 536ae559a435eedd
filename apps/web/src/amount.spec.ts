import { parseAmount } from './amount';

describe('an amount typed on the pages, in any of their languages', () => {
  it('reads the locale forms exactly, in minor units', () => {
    expect(parseAmount('1234,50')).toBe(123450);
    expect(parseAmount('1.234,50 €')).toBe(123450);
    expect(parseAmount('1,234.50')).toBe(123450);
    expect(parseAmount('1234.5')).toBe(123450);
    expect(parseAmount('0,05')).toBe(5);
    expect(parseAmount('12')).toBe(1200);
    expect(parseAmount('1.234')).toBe(123400);
    expect(parseAmount('12.345.678,01')).toBe(1234567801);
    expect(parseAmount(' 1\u00a0234,50\u00a0€ ')).toBe(123450);
  });
  it('refuses what it would have to guess', () => {
    for (const bad of ['', '1.234.50', '1,234,5', '1,23,456', '1.234.567,1.5', '-5', '12a', '1.2345', '€', '0x10', '1e3'])
      expect([bad, parseAmount(bad)]).toEqual([bad, null]);
  });
});
