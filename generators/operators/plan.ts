/**
 * What the field-rule suite of one operation sends for a seed, beyond its violations: the bounds
 * payloads with what rides on them, the operator requests and the values the document leaves open
 * (issue 27 item 4: every applicable operator x cell pair; issue 30 item 6: few enrolments).
 * Deterministic for a seed: the suite sends it all in its coverage phase.
 */
import type { Operation } from '../../contract/index.js';
import { boundaryCoverage, boundaryValidCases, type BoundsCase } from '../boundaries.js';
import { openValueCases } from '../open-values.js';
import type { PayloadOptions } from '../payloads.js';
import type { GeneratedCase } from '../violations.js';
import { unpackedOperatorCases, type OperatorCase } from './cases.js';
import { rideOpenValues } from './open-riders.js';
import { packOpenCases } from './packing.js';
import { splitRiders, withRiders } from './riders.js';

export interface FieldRulePlan {
  /** A write's bounds payloads (its valid cases' coverage phase), with riders; empty where the valid payloads are not the bounds. */
  readonly bounds: BoundsCase[];
  /** Operator values the register rejects, and refusals of unspecified placement (an empty attribute list). */
  readonly rejected: OperatorCase[];
  /** Open and served-as-valid operator requests sent on their own, open values of different members sharing requests. */
  readonly answered: OperatorCase[];
  /** The values the document leaves open (D38-D40), where an accepted request enrols packed with open operator values. */
  readonly openValues: GeneratedCase[];
}

const refusal = (c: OperatorCase) => c.expectation.kind === 'validation' || c.expectation.kind === 'refused';

/**
 * The plan for `op` and `seed`; `keep` drops operator cases the run may not send (state on production).
 * A write's valid payloads are its bounds (boundaries.ts boundaryCoverage): a media type served as valid
 * rides on each (riders.ts), and where an accepted request enrols a customer for good (D16), open
 * values in the members the bounds leave as generated ride too (open-riders.ts), and the D38-D40
 * values share the open operator values' requests (packing.ts): each request such a target takes is
 * one customer for as many values as can share it.
 */
export function fieldRulePlan(op: Operation, options: PayloadOptions, seed: number, keep: (c: OperatorCase) => boolean = () => true): FieldRulePlan {
  const operated = unpackedOperatorCases(op, options, seed).filter(keep);
  const boundsAreValid = op.writes && boundaryValidCases(op, options) !== undefined;
  const coverage = boundsAreValid ? boundaryCoverage(op, options, seed) : [];
  const media = splitRiders(operated.filter((c) => !refusal(c)), coverage.length);
  const ridden = rideOpenValues(op, withRiders(coverage, media.riding), media.rest, options);
  const open = openValueCases(op, options, seed);
  if (op.refusesForOwnReasons !== 'D16') return { bounds: ridden.bounds, rejected: operated.filter(refusal), answered: packOpenCases(op, ridden.rest, options), openValues: open };
  const joined: OperatorCase[] = [...ridden.rest, ...open.map((c): OperatorCase => ({ ...c, pairs: [], documentOpen: true }))];
  const packed = packOpenCases(op, joined, options);
  return {
    bounds: ridden.bounds, rejected: operated.filter(refusal),
    answered: packed.filter((c) => !c.documentOpen), openValues: packed.filter((c) => c.documentOpen),
  };
}
