import { formatLocal, timeZonesFrom } from './local-time';

describe("times on a casino's clock", () => {
  it('shows Europe/Madrid with its offset on both sides of the March and October changes', () => {
    expect(formatLocal('2026-03-29T00:59:59Z', 'Europe/Madrid')).toBe('2026-03-29 01:59:59 +01:00');
    expect(formatLocal('2026-03-29T01:00:00Z', 'Europe/Madrid')).toBe('2026-03-29 03:00:00 +02:00');
    // 02:30 twice in October, an hour apart, told apart by the offset
    expect(formatLocal('2026-10-25T00:30:00Z', 'Europe/Madrid')).toBe('2026-10-25 02:30:00 +02:00');
    expect(formatLocal('2026-10-25T01:30:00Z', 'Europe/Madrid')).toBe('2026-10-25 02:30:00 +01:00');
    // an instant recorded with another offset is the same instant
    expect(formatLocal('2026-10-25T03:30:00+02:00', 'Europe/Madrid')).toBe('2026-10-25 02:30:00 +01:00');
    expect(formatLocal('2026-06-01T12:00:00Z', 'UTC')).toBe('2026-06-01 12:00:00 +00:00');
    expect(formatLocal('2026-06-01T12:00:00Z', 'America/New_York')).toBe('2026-06-01 08:00:00 -04:00');
    expect(formatLocal(null, 'Europe/Madrid')).toBe('—');
  });

  it('reads the zones from the environment: Europe/Madrid by default, per casino, an unknown zone named', () => {
    expect(timeZonesFrom({}).of('casino-1')).toBe('Europe/Madrid');
    const zones = timeZonesFrom({ CASINO_AUDIT_TIME_ZONE: 'UTC', CASINO_AUDIT_CASINO_TIME_ZONES: 'casino-lp=Atlantic/Canary, casino-2=Europe/Madrid' });
    expect([zones.of('casino-lp'), zones.of('casino-2'), zones.of('other'), zones.of(null)]).toEqual(['Atlantic/Canary', 'Europe/Madrid', 'UTC', 'UTC']);
    expect(() => timeZonesFrom({ CASINO_AUDIT_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      'CASINO_AUDIT_TIME_ZONE must be an IANA time zone such as Europe/Madrid, not "Mars/Olympus"',
    );
    expect(() => timeZonesFrom({ CASINO_AUDIT_CASINO_TIME_ZONES: 'casino-1' })).toThrow(/CASINO_AUDIT_CASINO_TIME_ZONES must list casino=Zone pairs/);
    expect(() => timeZonesFrom({ CASINO_AUDIT_CASINO_TIME_ZONES: 'casino-1=Europe/Nowhere' })).toThrow(/not "casino-1=Europe\/Nowhere"/);
  });
});
