import type { Fault } from './types.js';

/** Faults added with the stateful suites; each breaks exactly one documented rule, named by its requirement id. */
export const statefulFaults: Fault[] = [];
