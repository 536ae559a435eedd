/**
 * The archive file's own rules (archive.ts): a month's first position, and a file that is not a whole archive
 * refused before anything is checked. The checks against seals and receipts run on a real store in
 * test/partitioned-archive.spec.ts.
 */
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, archiveText, firstPositionOfMonth, readArchive, type MonthArchive } from './archive';
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
  closingSeal: event(202612n * 10n ** 11n, 'seal-store', 1),
};

describe('firstPositionOfMonth', () => {
  it('names the month in the position, each month 10^11 positions apart at least', () => {
    expect(firstPositionOfMonth('2026-12')).toBe(20261200000000000n);
    expect(firstPositionOfMonth('2027-01') - firstPositionOfMonth('2026-12')).toBe(89n * 10n ** 11n);
    expect(firstPositionOfMonth('9999-12') < 2n ** 63n).toBe(true);
  });

  it('refuses what is not a month', () => {
    for (const bad of ['2026-13', '2026-1', '2026-00', '26-11', '2026-11-01']) expect(() => firstPositionOfMonth(bad)).toThrow('month must be YYYY-MM');
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
    expect(() => readArchive([lines[0], lines[3], lines[1], lines[3]].join('\n'))).toThrow('line 2 of the archive is not an event');
  });
});
