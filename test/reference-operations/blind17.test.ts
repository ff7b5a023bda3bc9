import { blind17Faults } from '../../reference/faults/blind17/index.js';
import { probes } from './blind17-probes.js';
import { describeProbedBatch } from './red-team-batch.js';

/** Blind batch 17: each fault changes what a client observes (red-team-batch.ts). */
describeProbedBatch({
  batch: 'blind17', faults: blind17Faults, probes,
  offList: new Set(['blind17-allow-list-status-only-after-handler']),
  ownSession: new Set(['blind17-auth-denied-session-still-opened']),
});
