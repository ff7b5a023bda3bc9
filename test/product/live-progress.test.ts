import { describe, expect, it } from 'vitest';
import type { UserConsoleLog } from 'vitest';
import type { TestModule } from 'vitest/node';
import { LiveReporter } from '../../reporting/live.js';
import { formatProgressMessage, parseProgressMessage, progressCounter } from '../../reporting/live-progress.js';

const mod = { moduleId: '/w/suites/find-customer.conformance.ts', relativeModuleId: 'suites/find-customer.conformance.ts', state: () => 'passed' } as unknown as TestModule;
const log = (content: string) => ({ content, type: 'stdout', time: 0, size: content.length }) as UserConsoleLog;
const progress = { suite: 'suites/find-customer.conformance.ts', property: 'FindCustomer: violations of ssn are rejected', done: 37, planned: 100, failed: 1 };

describe('live progress of long properties', () => {
  it('a property reports its cases at most once a second, with failures so far', () => {
    const sent: string[] = [];
    let clock = 0;
    const tick = progressCounter(progress.suite, progress.property, 100, { now: () => clock, send: (m) => sent.push(m) });
    for (let i = 0; i < 30; i++) {
      clock += 100;
      tick(i === 4);
    }
    expect(sent.map(parseProgressMessage)).toEqual([
      { ...progress, done: 10, failed: 1 }, { ...progress, done: 20, failed: 1 }, { ...progress, done: 30, failed: 1 },
    ]);
    expect(parseProgressMessage('an ordinary console line')).toBeUndefined();
  });

  it('on a terminal: one line rewritten in place, numbers first, cleared before the suite line', () => {
    const raw: string[] = [];
    const lines: string[] = [];
    const r = new LiveReporter({ tty: true, write: (l) => lines.push(l), writeRaw: (t) => raw.push(t), now: () => 0 });
    r.onTestModuleStart(mod);
    r.onUserConsoleLog(log(formatProgressMessage(progress)));
    r.onUserConsoleLog(log(formatProgressMessage({ ...progress, done: 130 })));
    r.onTestModuleEnd(mod);
    expect(raw).toEqual([
      '\r\u001b[K  … 37/100 cases, 1 failed so far · find-customer › FindCustomer: violations of ssn are rejected',
      // Cut to the terminal's width (100 columns where stdout says none), so the line never wraps.
      `\r\u001b[K${'  … shrinking (30 tries), 1 failed so far · find-customer › FindCustomer: violations of ssn are rejected'.slice(0, 99)}`,
      '\r\u001b[K',
    ]);
    expect(lines).toEqual(['✓ suites/find-customer.conformance.ts: 0 done, 0 failed (0.0s)']);
  });

  it('in CI (no terminal): plain lines only, no progress line and no escape sequence', () => {
    const raw: string[] = [];
    const lines: string[] = [];
    const r = new LiveReporter({ tty: false, write: (l) => lines.push(l), writeRaw: (t) => raw.push(t), now: () => 0 });
    r.onTestModuleStart(mod);
    r.onUserConsoleLog(log(formatProgressMessage(progress)));
    r.onTestModuleEnd(mod);
    expect(raw).toEqual([]);
    expect(lines).toEqual(['✓ suites/find-customer.conformance.ts: 0 done, 0 failed (0.0s)']);
  });
});
