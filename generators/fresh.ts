import { defaults, stateCodesOfEveryReading } from '../contract/index.js';
import { prng } from '../contract/seeded.js';
import { luhnCheckDigit, type CardOptions } from './cards.js';
import { ambiguousIsoDate, ambiguousPairs, birthYears } from './dates.js';

/** Identity data for one enrollment: ssn and e-mail unique within a source. */
export interface PersonalData {
  readonly ssn: string;
  readonly emailAddress: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly dateOfBirth: string;
  readonly state: string;
}

/**
 * Values the harness calls new: new by construction, not by luck. fast-check biases strings toward
 * small sizes and mixes well-known strings into them (`propertyIsEnumerable`), so two independent
 * draws of a 16-to-40-character token coincide far more often than chance suggests, and a
 * conformant target rightly takes the second for the card it already holds (issue 26). Here each
 * value carries a stamp: this worker's lane in the run (claimed by suites/lib/state/fresh.ts, so
 * no two workers share one) and a counter, written in the value's own format. Two stamped values
 * of a kind differ wherever their stamps do, and a stamp is used once per run.
 */

export interface FreshKey {
  /** The run: where stamps start, so two runs (or two nights) send different values. */
  readonly run: number;
  /** This worker's lane in the run, 0 to maxLanes - 1: no other worker of the run has it. */
  readonly lane: number;
}

/** Lanes a run can have: their stamps must fit the fresh SSN space below (maxLanes * perLane < ssnSpace). */
export const maxLanes = 590;
/** Values of one kind a lane can stamp: a worker draws a few thousand at most. */
export const perLane = 1_000_000;

/**
 * SSN space used: areas 001-599, groups 01-99, serials 0001-9999 (never an ITIN, never area 666).
 * Areas 600-665 are the run family's (generators/family.ts): identities found again on later nights,
 * so no fresh value ever meets one of them.
 */
export const freshAreas = 599;
const areas = freshAreas;
const groups = 99;
const ssnSpace = areas * groups * 9999;
/** Coprime with the space (3^2 11^2 101 599), so stamp → SSN is one-to-one below ssnSpace (> maxLanes * perLane). */
const stride = 1_000_003;
const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** The SSN of position `n` (0 <= n < ssnSpace) of the permutation: different positions, different SSNs. */
export function ssnAt(n: number): string {
  return pad(1 + (n % areas), 3) + pad(1 + (Math.floor(n / areas) % groups), 2) + pad(1 + Math.floor(n / (areas * groups)), 4);
}
export const ssnPosition = (start: number, counter: number): number => (start + counter * stride) % ssnSpace;

/**
 * Another taxpayer number than `ssn` sharing its last four digits (its serial): an ITIN, area 9 with
 * a group of 70-79 (ITIN groups 70-88), which no fresh value (areas 001-599) or family identity
 * (600-665) ever is, so no run enrolled it. A lookup that matches the last four digits finds `ssn`'s
 * customer through it.
 */
export const itinSharingLastFour = (ssn: string): string => `9${ssn.slice(1, 3)}7${ssn.slice(4, 5)}${ssn.slice(5)}`;

/**
 * ITINs a fresh value uses: area 9xx with a group of 90-92 or 94-99 (ITIN groups are 50-65, 70-88,
 * 90-92 and 94-99), none of itinSharingLastFour's 70-79, and never a fresh SSN (001-599) or a family
 * identity (600-665). FindCustomer takes a "9-digit SSN or ITIN": both kinds are enrolled and looked up.
 */
const itinGroups = [90, 91, 92, 94, 95, 96, 97, 98, 99] as const;
/** 100 areas x 9 groups x 9,999 serials = 2^2 3^4 5^2 11 101: the stride below is coprime with it. */
const itinSpace = 100 * itinGroups.length * 9999;
/** ITINs one lane can stamp (a worker enrols a handful): maxLanes * itinsPerLane < itinSpace. */
export const itinsPerLane = 15_000;
/** The ITIN of position `n` (0 <= n < itinSpace): different positions, different ITINs. */
export function itinAt(n: number): string {
  return `9${pad(n % 100, 2)}${itinGroups[Math.floor(n / 100) % itinGroups.length]}${pad(1 + Math.floor(n / (100 * itinGroups.length)), 4)}`;
}

/** Digits of a card number's stamp: 10^9 > maxLanes * perLane. */
const numberStamp = 9;
/** A token's stamp: `x` (never a digit, so a token never equals a card number) and six base-36 characters. */
const tokenStamp = 7;
/**
 * The last four characters stay as drawn: a step of the story names a card by them (`new token
 * ***mVpW`), so a failing sequence replayed by its seed and path tells the same story although the
 * stamps of the replay differ.
 */
const keptTail = 4;
/** The leading characters a masked card number or token shows (the BIN). */
const maskedHead = 6;
const names = ['Alex', 'Jordan', 'Morgan', 'Taylor', 'Casey', 'Riley', 'Jamie', 'Avery', 'Quinn', 'Rowan'];
const surnames = ['Smith', 'Garcia', 'Nguyen', 'Patel', 'Okafor', 'Kowalski', 'Silva', 'Larsen', 'Moreau', 'Tanaka'];
const overlaps = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);

export class FreshValues {
  private readonly counters = new Map<string, number>();
  private readonly random: () => number;
  private readonly declined: string;
  private readonly denied: string;
  /** The domain of every fresh address (the bound addresses emailLike makes keep their own). */
  readonly domain: string;

  constructor(readonly key: FreshKey, options: CardOptions & { domain?: string } = {}) {
    if (!Number.isInteger(key.lane) || key.lane < 0 || key.lane >= maxLanes) throw new RangeError(`fresh-value lane ${key.lane} is outside 0..${maxLanes - 1}`);
    this.random = prng((key.run ^ Math.imul(key.lane + 1, 0x9e3779b1)) >>> 0);
    this.declined = options.declinedCardNumber ?? defaults.declinedCardNumber;
    this.denied = options.deniedCardBin ?? defaults.deniedCardBin;
    this.domain = options.domain ?? 'example.test';
  }

  /** The next stamp of `kind`, unique in the run: lane and counter. */
  private stamp(kind: string): number {
    const k = this.counters.get(kind) ?? 0;
    if (k >= perLane) throw new RangeError(`this worker drew ${perLane} new values of kind ${kind}: more than a run can use`);
    this.counters.set(kind, k + 1);
    return this.key.lane * perLane + k;
  }

  /** A 9-digit SSN (area 001-599) no worker of the run drew before. */
  ssn(): string {
    return ssnAt(ssnPosition(this.key.run % ssnSpace, this.stamp('ssn')));
  }

  /** A 9-digit ITIN (area 9xx, group 90-92 or 94-99) no worker of the run drew before. */
  itin(): string {
    const k = this.stamp('itin') - this.key.lane * perLane;
    if (k >= itinsPerLane) throw new RangeError(`this worker drew ${itinsPerLane} new ITINs: more than a run can use`);
    return itinAt((this.key.run % itinSpace + (this.key.lane * itinsPerLane + k) * stride) % itinSpace);
  }

  /**
   * A new SSN of areas 001-099: it begins with 0, which a target keeping the SSN as a number loses
   * (a lookup of the customer then finds nothing). About one draw in six qualifies; the stamps
   * skipped are simply never used.
   */
  ssnWithLeadingZero(): string {
    for (;;) {
      const ssn = this.ssn();
      if (ssn.startsWith('0')) return ssn;
    }
  }

  /** An e-mail address no worker of the run drew before (about 30 characters). */
  email(): string {
    const n = this.stamp('email');
    return `pc.${(this.key.run >>> 0).toString(36)}.${n.toString(36)}@${this.domain}`;
  }

  /**
   * `drawn` (an address `local@host.tld` a bound case drew at an exact length) made new, its length
   * and form kept: its letters and digits before the top-level domain, then the domain's letters,
   * overwritten with the stamp, lowest digit first (a 6-character address still differs from the
   * run's next ones). A bound cannot hold the 30-character fresh address, and drawn as is, a case
   * run again after a lost enrolment met its own address (D16: a duplicate e-mail).
   */
  emailLike(drawn: string): string {
    const at = drawn.lastIndexOf('@');
    const dot = drawn.lastIndexOf('.');
    if (at < 1 || dot < at + 2 || dot === drawn.length - 1) throw new RangeError(`an e-mail to make new has the form local@host.tld, not ${drawn.length} characters without it`);
    let n = this.stamp('email') + (this.key.run % 1296) * 36 ** 6;
    const out = [...drawn];
    const write = (from: number, to: number, alphabet: string) => {
      for (let i = from; i < to && n > 0; i += 1) {
        if (!/[a-z0-9]/.test(out[i]!)) continue;
        out[i] = alphabet[n % alphabet.length]!;
        n = Math.floor(n / alphabet.length);
      }
    };
    write(0, dot, '0123456789abcdefghijklmnopqrstuvwxyz');
    write(dot + 1, drawn.length, 'abcdefghijklmnopqrstuvwxyz');
    return out.join('');
  }

  /** A whole identity: SSN and e-mail new, the rest drawn from the run's seeded generator. */
  person(): PersonalData {
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(this.random() * xs.length)]!;
    const year = birthYears.minYear + Math.floor(this.random() * (birthYears.maxYear - birthYears.minYear + 1));
    // Enrolled and found again: its date of birth is ambiguous, so a day and month swapped on either side shows (blind15).
    const dateOfBirth = ambiguousIsoDate(year, this.random() * ambiguousPairs);
    return { ssn: this.ssn(), emailAddress: this.email(), firstName: pick(names), lastName: pick(surnames), dateOfBirth, state: pick(stateCodesOfEveryReading) };
  }

  /**
   * `drawn` (a valid card number, 15 to 19 digits) made new: its length, leading digits (the issuer)
   * and last four kept, the nine digits before them the stamp, then one digit that keeps the Luhn
   * check digit as drawn (doubled or not, a digit takes every value mod 10); never the declined
   * number, never inside the denied BIN.
   */
  cardNumber(drawn: string): string {
    if (!/^[0-9]{15,19}$/.test(drawn)) throw new RangeError(`a card number to make new has 15 to 19 digits, not ${drawn.length} characters`);
    const head = drawn.slice(0, drawn.length - keptTail - numberStamp - 1);
    for (;;) {
      const stamp = pad((this.key.run + this.stamp('card number')) % 10 ** numberStamp, numberStamp);
      const number = withLuhnFix(head + stamp, drawn.slice(-keptTail));
      if (number !== this.declined && !overlaps(number, this.denied)) return number;
    }
  }

  /** `drawn` (a card token of at least 12 characters) made new: its length, start and last four kept, the stamp before them. */
  cardToken(drawn: string): string {
    if (drawn.length < tokenStamp + keptTail + 1) throw new RangeError(`a card token to make new has at least ${tokenStamp + keptTail + 1} characters, not ${drawn.length}`);
    const stamp = ((this.key.run + this.stamp('card token')) % 36 ** (tokenStamp - 1)).toString(36).padStart(tokenStamp - 1, '0');
    return `${drawn.slice(0, drawn.length - tokenStamp - keptTail)}x${stamp}${drawn.slice(-keptTail)}`;
  }

  /**
   * Another card of `value`'s masked form (a card number or token as logs, receipts and caches mask
   * it: its first six and last four characters kept), those between made new: digits for a number,
   * the last of them the Luhn fix (a number an issuer can approve), else letters and digits. Each lane
   * has its own share of the stamps the middle holds, so workers' twins differ until a lane has used
   * its share. Undefined where nothing lies between the kept characters.
   */
  maskedTwin(value: string): string | undefined {
    const numeric = /^[0-9]+$/.test(value);
    const middle = value.slice(maskedHead, Math.max(maskedHead, value.length - keptTail));
    const width = Math.min(middle.length - (numeric ? 1 : 0), 6);
    if (width < 1) return undefined;
    const base = numeric ? 10 : 36;
    const share = Math.max(1, Math.floor(base ** width / maxLanes));
    for (let tries = 0; tries < 3; tries += 1) {
      const n = (this.key.run + this.key.lane * share + ((this.stamp('masked twin') - this.key.lane * perLane) % share)) % base ** width;
      const body = value.slice(0, value.length - keptTail - width - (numeric ? 1 : 0)) + n.toString(base).padStart(width, '0');
      const twin = numeric ? withLuhnFix(body, value.slice(-keptTail)) : body + value.slice(-keptTail);
      if (twin !== value && twin !== this.declined) return twin;
    }
    return undefined;
  }

  /**
   * A BIN none of the customer's cards has (`taken`; a target may take a new token with a registered
   * card's BIN and last four for that card re-tokenized): `drawn` itself when free (the story shows
   * it), else `drawn` with its last four digits stamped; never overlapping the denied BIN.
   */
  cardBin(drawn: string, taken: (bin: string) => boolean = () => false): string {
    if (!/^[0-9]{6,}$/.test(drawn)) throw new RangeError(`a BIN to make new has at least 6 digits, not ${drawn.length} characters`);
    if (!taken(drawn) && !overlaps(drawn, this.denied)) return drawn;
    for (let tries = 0; tries < 10_000; tries += 1) {
      const bin = drawn.slice(0, drawn.length - 4) + pad(this.stamp('card bin') % 10_000, 4);
      if (!overlaps(bin, this.denied) && !taken(bin)) return bin;
    }
    throw new RangeError(`no BIN starting ${drawn.slice(0, -4)} is left that the customer's cards do not have`);
  }

  /** A version-4 GUID no worker of the run drew, and no target-made id (it carries the run and lane). */
  guid(): string {
    const hex = (n: number, w: number) => (n >>> 0).toString(16).padStart(w, '0').slice(-w);
    const n = this.stamp('guid');
    return `${hex(this.key.run, 8)}-${hex(this.key.lane, 4)}-4${hex(0xfc5, 3)}-8${hex(Math.floor(n / 2 ** 32), 3)}-${hex(0xfe55, 4)}${hex(n, 8)}`;
  }
}

/**
 * `head`, one fix digit and `tail` (whose last digit is the check digit): the fix digit is the one
 * that makes the whole number Luhn-valid. Its weight (doubled or not) maps 0-9 onto every residue.
 */
function withLuhnFix(head: string, tail: string): string {
  for (let d = 0; d <= 9; d += 1) {
    const partial = `${head}${d}${tail.slice(0, -1)}`;
    if (luhnCheckDigit(partial) === Number(tail.slice(-1))) return `${partial}${tail.slice(-1)}`;
  }
  throw new Error('unreachable: a Luhn fix digit always exists');
}
