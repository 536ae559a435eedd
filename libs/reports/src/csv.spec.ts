/** CSV injection (OWASP): what a spreadsheet would run as a formula is written as text; numbers stay numbers. */
import { csv, safeCell } from './csv';

describe('the reports CSV writer', () => {
  it.each([
    ['@SUM(1+1)', "'@SUM(1+1)"],
    ['+1+1', "'+1+1"],
    ['=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ['-2+3', "'-2+3"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
    ['cr-1', 'cr-1'],
    ['Ana', 'Ana'],
  ])('%j is written as %j', (cell, written) => {
    expect(safeCell(cell)).toBe(written);
  });

  it('leaves numbers, and strings that are plain numbers, as they are', () => {
    expect([safeCell(-500), safeCell('-500'), safeCell('+25'), safeCell('12.5'), safeCell(0), safeCell(null)]).toEqual([-500, '-500', '+25', '12.5', 0, '']);
  });

  it('writes every row through it, quoting as CSV does', () => {
    expect(
      csv([
        ['staff', 'variance'],
        ['@SUM(1+1)', -1000],
        ['a, "quoted" name', null],
      ]),
    ).toBe('staff,variance\n\'@SUM(1+1),-1000\n"a, ""quoted"" name",\n');
  });
});
