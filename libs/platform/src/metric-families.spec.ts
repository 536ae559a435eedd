import { metricsRegistry } from './metrics';
import { observeAppend } from './metric-families';

describe('the append metrics', () => {
  beforeEach(() => metricsRegistry.resetMetrics());

  it('counts the appended events of a batch under their types (duplicates not), and observes the append once', async () => {
    const batch = [{ type: 'BetPlaced' }, { type: 'BetPlaced' }, { type: 'BetSettled' }, { type: 'BetPlaced' }];
    observeAppend(batch, [{ status: 'appended' }, { status: 'duplicate' }, { status: 'appended' }, { status: 'appended' }], 0.004);
    observeAppend([{ type: 'BetSettled' }], [{ status: 'appended' }], 0.02);
    const text = await metricsRegistry.metrics();
    expect(text).toMatch(/^casino_audit_events_appended_total\{type="BetPlaced"\} 2$/m);
    expect(text).toMatch(/^casino_audit_events_appended_total\{type="BetSettled"\} 2$/m);
    expect(text).toMatch(/^casino_audit_append_duration_seconds_count 2$/m);
    expect(text).toMatch(/^casino_audit_append_duration_seconds_bucket\{le="0.005"\} 1$/m);
    expect(text).toMatch(/^casino_audit_append_duration_seconds_sum 0.024$/m);
  });
});
