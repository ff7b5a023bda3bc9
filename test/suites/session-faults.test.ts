import { describe, expect, it } from 'vitest';
import { expectCaught, row, runSuites } from './stateful-support.js';

/** The session rules (D4) are caught: a request without the session's sessionId, or with another deviceId, is accepted. */
describe('sessions suite: the session faults are caught', () => {
  it('session-not-required: a missing or unknown sessionId is accepted', async () => {
    const run = await runSuites(['sessions'], ['session-not-required']);
    expect(run.exitCode, run.stdout.slice(-3000)).toBe(1);
    expectCaught(run, { fault: 'session-not-required', checks: ['genericRefusal'], operation: /^(?!AuthenticatePartner$)[A-Za-z]+$/ });
    expect(row(run, 'STATE-SESSION')?.status).toBe('failed');
  }, 120_000);

  it('session-device-ignored: another deviceId than the session\'s is accepted, while the sessionId is still required', async () => {
    const run = await runSuites(['sessions'], ['session-device-ignored']);
    expect(run.exitCode, run.stdout.slice(-3000)).toBe(1);
    expectCaught(run, { fault: 'session-device-ignored', checks: ['genericRefusal'], operation: /^(?!AuthenticatePartner$)[A-Za-z]+$/ });
    expect(row(run, 'SESSION-REQUIRED')?.status).toBe('passed');
  }, 120_000);
});
