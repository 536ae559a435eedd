/**
 * The archive file's own rules (archive.ts): a month's first position, and a file that is not a whole archive
 * refused before anything is checked. The checks against seals and receipts run on a real store in
 * test/partitioned-archive.spec.ts.
 */
import { wordReason } from '../../i18n/src/reasons';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ArchiveFileError,
  archiveText,
  firstPositionOfMonth,
  monthOfPosition,
  readArchive,
  type MonthArchive,
} from './archive';
import type { StoredEvent } from './port';

const event = (globalPosition: bigint, streamId: string, streamVersion: number): StoredEvent => ({
  globalPosition,
  transactionId: 900n,
  streamId,
  streamVersion,
  eventId: `00000000-0000-4000-8000-${String(globalPosition).padStart(12, '0')}`,
  type: 'Something',
  data: { amount: 1.5, nested: { big: 12345678901234 } },
  metadata: { recordedBy: 'terminal:T1' },
  occurredAt: null,
  recordedAt: '2026-11-30 21:00:00.123456+00',
  contentHash: 'c'.repeat(64),
  prevHash: '',
  hash: 'h'.repeat(64),
});

const archive: MonthArchive = {
  manifest: {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    month: '2026-11',
    firstPosition: '1',
    lastPosition: '2',
    events: 2,
    openingSeal: null,
    openingHeads: {},
    sealStreamBefore: null,
    closingSeal: 1,
  },
  events: [event(1n, 's', 1), event(2n, 's', 2)],
  closingSeal: event(324n * 10n ** 11n, 'seal-store', 1),
};

describe('firstPositionOfMonth', () => {
  it('counts months from 2000, 10^11 positions each, and names the month of a position', () => {
    expect(firstPositionOfMonth('2000-01')).toBe(10n ** 11n);
    expect(firstPositionOfMonth('2026-12')).toBe(324n * 10n ** 11n);
    expect(firstPositionOfMonth('2027-01') - firstPositionOfMonth('2026-12')).toBe(10n ** 11n);
    for (const month of ['2000-01', '2026-11', '2026-12', '2027-01', '2399-07', '9000-12']) {
      const first = firstPositionOfMonth(month);
      expect([month, monthOfPosition(first), monthOfPosition(first + 10n ** 11n - 1n)]).toEqual([month, month, month]);
    }
    expect(monthOfPosition(1n)).toBeNull(); // the history before the first turn
    expect(monthOfPosition(10n ** 11n - 1n)).toBeNull();
  });

  it('keeps every position of every month an exact JavaScript number, as the read models hold them', () => {
    // YYYYMM × 10^11 did not: 202612·10^11 + 1 and + 2 were the same number
    expect(Number(202612n * 10n ** 11n + 1n)).toBe(Number(202612n * 10n ** 11n + 2n));
    const last = firstPositionOfMonth('9000-12') + 10n ** 11n - 1n;
    expect(last <= BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(BigInt(Number(last))).toBe(last);
  });

  it('refuses what is not a month it can place', () => {
    for (const bad of ['2026-13', '2026-1', '2026-00', '26-11', '2026-11-01', '1999-12', '9001-01'])
      expect(() => firstPositionOfMonth(bad)).toThrow('month must be YYYY-MM, from 2000-01 to 9000-12');
  });
});

describe('the archive file', () => {
  it('reads back what it wrote; the link to the event before is not carried (the checks link events themselves)', () => {
    const back = readArchive(archiveText(archive));
    expect(back.manifest).toEqual(archive.manifest);
    expect(back.events).toEqual(archive.events);
    expect(back.closingSeal).toEqual(archive.closingSeal);
    expect(archiveText(archive)).not.toContain('prevHash');
  });

  it('refuses a file that is not a whole archive', () => {
    const lines = archiveText(archive).trimEnd().split('\n');
    expect(() => readArchive('{"manifest":{"format":"casino-audit-backup","version":1}}\n')).toThrow(`not a ${ARCHIVE_FORMAT} file`);
    expect(() => readArchive(lines.slice(0, -1).join('\n'))).toThrow('does not end with its closing seal');
    expect(() => readArchive([lines[0], lines[2], lines[3]].join('\n'))).toThrow('holds 1 events, its manifest says 2');
    expect(() => readArchive([lines[0], '{"event":', lines[3]].join('\n'))).toThrow('line 2 of the archive is not JSON');
    expect(() => readArchive([lines[0], '{"events":[]}', lines[3]].join('\n'))).toThrow('line 2 of the archive is not an event');
    expect(() => readArchive([lines[0], lines[3], lines[1], lines[3]].join('\n'))).toThrow(
      'line 3 of the archive comes after its closing seal, which must be the last line',
    );
    expect(() => readArchive([lines[0], 'null', lines[3]].join('\n'))).toThrow('line 2 of the archive is not an event');
  });

  it('refuses a line whose field is not of its form, naming the line and the field', () => {
    const lines = archiveText(archive).trimEnd().split('\n');
    const withEvent = (at: number, change: (e: Record<string, unknown>) => void) => {
      const copy = [...lines];
      const parsed = JSON.parse(copy[at]);
      change(parsed.event ?? parsed.closingSeal ?? parsed.manifest);
      copy[at] = JSON.stringify(parsed);
      return () => readArchive(copy.join('\n'));
    };
    expect(withEvent(1, (e) => delete e.streamId)).toThrow('line 2 of the archive: streamId must be a non-empty string');
    expect(withEvent(2, (e) => (e.streamVersion = 0))).toThrow('line 3 of the archive: streamVersion must be a whole number from 1');
    expect(withEvent(2, (e) => (e.globalPosition = 2))).toThrow('line 3 of the archive: globalPosition must be a position in decimal digits, as a string');
    expect(withEvent(3, (e) => (e.data = [1]))).toThrow('line 4 of the archive: data must be a JSON object');
    expect(withEvent(0, (m) => (m.month = '2026-13'))).toThrow('line 1 of the archive: month must be a month, YYYY-MM');
    expect(withEvent(0, (m) => (m.openingHeads = { s: { version: 0, hash: 'x' } }))).toThrow(
      "line 1 of the archive: openingHeads must be an object giving each stream's head: its version and hash",
    );
    expect(withEvent(0, (m) => (m.sealStreamBefore = 'none'))).toThrow(
      "line 1 of the archive: sealStreamBefore must be a stream's head (version and hash) or null",
    );
  });

  it('names a refusal in every language (errors:archive.*)', () => {
    const lines = archiveText(archive).trimEnd().split('\n');
    let refusal: unknown;
    try {
      readArchive([lines[0], lines[1]].join('\n'));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ArchiveFileError);
    const because = (refusal as ArchiveFileError).because;
    expect(wordReason(because, 'es')).toBe('el archivo no termina con su sello de cierre');
    expect(wordReason(because, 'eu')).toBe('artxiboa ez da bere itxiera-zigiluarekin amaitzen');
    expect(wordReason(because, 'ca')).toBe('l’arxiu no acaba amb el seu segell de tancament');
    expect(wordReason(because, 'gl')).toBe('o arquivo non remata co seu selo de peche');
  });
});
