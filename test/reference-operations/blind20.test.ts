import { blind20Faults } from '../../reference/faults/blind20/index.js';
import { probes } from './blind20-probes.js';
import { describeProbedBatch } from './red-team-batch.js';

/** Blind batch 20: each fault changes what a client observes (red-team-batch.ts). */
describeProbedBatch({ batch: 'blind20', faults: blind20Faults, probes });
