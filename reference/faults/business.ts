import type { Fault } from './types.js';

/** Faults added with the business suites; each breaks exactly one documented rule, named by its requirement id. */
export const businessFaults: Fault[] = [];
