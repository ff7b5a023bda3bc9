import { blind16Faults } from '../../reference/faults/blind16/index.js';
import { probes } from './blind16-probes.js';
import { describeProbedBatch } from './red-team-batch.js';

/** Blind batch 16: each fault changes what a client observes (red-team-batch.ts). */
describeProbedBatch({
  batch: 'blind16', faults: blind16Faults, probes,
  offList: new Set(['blind16-allow-list-skipped-with-query-version']),
  ownSession: new Set(['blind16-auth-denied-admitted-on-retry']),
});
