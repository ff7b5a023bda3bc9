import { blind14Faults } from '../../reference/faults/blind14/index.js';
import { probes } from './blind14-probes.js';
import { describeProbedBatch } from './red-team-batch.js';

/** Blind batch 14: each fault changes what a client observes (red-team-batch.ts). */
describeProbedBatch({
  batch: 'blind14', faults: blind14Faults, probes,
  offList: new Set(['blind14-allow-list-card-exempt']),
  ownSession: new Set(['blind14-auth-denied-status-string', 'blind14-auth-denied-instance-missing']),
});
