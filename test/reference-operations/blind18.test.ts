import { blind18Faults } from '../../reference/faults/blind18/index.js';
import { probes } from './blind18-probes.js';
import { describeProbedBatch } from './red-team-batch.js';

/** Blind batch 18: each fault changes what a client observes (red-team-batch.ts). */
describeProbedBatch({
  batch: 'blind18', faults: blind18Faults, probes,
  ownSession: new Set(['blind18-auth-denial-skipped-for-body-credential-token']),
});
