/**
 * vitest setup file of the conformance run (vitest.conformance.config.ts): before a worker's first
 * suite file, load the modules most suite files import while waiting at the start gate, so the
 * loading overlaps the parent's reference start and preflight. The suite file then finds them
 * loaded (the run's workers keep their modules between files, isolate: false).
 * No module of the harness reads a target variable when it loads: the profile is read by
 * harness(), when the suite file runs, after the gate.
 */
import { passStartGate, startGateVariable } from './start-gate.js';

if (process.env[startGateVariable]) {
  await Promise.all([
    passStartGate(),
    import('./context.js'),
    import('../fields/field-rules.js'),
    import('../state/cards.js'),
    import('../access/case.js'),
    import('../model/test.js'),
  ]);
}
