import { blind13Faults } from '../../reference/faults/blind13/index.js';
import { probes } from './blind13-probes.js';
import { describeProbedBatch } from './red-team-batch.js';

/** Blind batch 13: each fault changes what a client observes (red-team-batch.ts). */
describeProbedBatch({
  batch: 'blind13', faults: blind13Faults, probes,
  offList: new Set(['blind13-allow-list-find-exempt']),
  ownSession: new Set(['blind13-auth-denied-detail-missing']),
});
