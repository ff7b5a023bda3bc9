import { blind19Faults } from '../../reference/faults/blind19/index.js';
import { probes } from './blind19-probes.js';
import { describeProbedBatch } from './red-team-batch.js';

/** Blind batch 19: each fault changes what a client observes (red-team-batch.ts). */
describeProbedBatch({
  batch: 'blind19', faults: blind19Faults, probes,
  offList: new Set(['blind19-allow-list-cattr-exempt']),
});
