import { blind15Faults } from '../../reference/faults/blind15/index.js';
import { probes } from './blind15-probes.js';
import { describeProbedBatch } from './red-team-batch.js';

/** Blind batch 15: each fault changes what a client observes (red-team-batch.ts). */
describeProbedBatch({
  batch: 'blind15', faults: blind15Faults, probes,
});
