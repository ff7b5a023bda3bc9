import { z } from 'zod';

/**
 * The part of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) the audit reads, as zod
 * schemas. Lenient where real exports differ from the letter of the spec (browsers and proxies
 * leave out `cookies`, `headersSize`, `timings` members, add `_`-prefixed members of their own,
 * record a failed request as status 0 with `_error`); strict about what judging needs: a start
 * time, a method, an absolute URL and a status. Validated here rather than with an npm HAR
 * validator: the one there is (har-validator) is unmaintained since 2020, pulls ajv 6 beside the
 * harness's ajv 8, rejects common real exports, and reports JSON-schema paths instead of the
 * one-sentence messages the harness gives (audit/input/errors.ts).
 */

/** A header, query or form pair; some exporters write numbers or leave a value out. */
const nameValue = z.object({
  name: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]).optional().transform((v) => (v === undefined ? '' : String(v))),
});

const postData = z.object({
  mimeType: z.string().optional(),
  text: z.string().optional(),
  params: z.array(nameValue).optional(),
  /** Not in HAR 1.2 for requests, but some tools write it as for response content. */
  encoding: z.string().optional(),
});

const content = z.object({
  /** Bytes of the body; with no `text`, a size other than 0 means the exporter did not keep the body. */
  size: z.number().optional(),
  mimeType: z.string().optional(),
  text: z.string().optional(),
  /** `base64` for a body the exporter did not keep as text. */
  encoding: z.string().optional(),
});

const isDate = (s: string): boolean => !Number.isNaN(Date.parse(s));

export const harEntrySchema = z.object({
  startedDateTime: z.string().refine(isDate, { message: 'must be an ISO 8601 date-time' }),
  /** Total milliseconds; -1 or absent when the exporter did not measure it. */
  time: z.number().optional(),
  /** partner-conformance: the start in epoch milliseconds with microseconds (startedDateTime keeps whole milliseconds). */
  _startedAtMs: z.number().optional(),
  request: z.object({
    method: z.string().min(1, 'must not be empty'),
    url: z.string().refine((u) => URL.canParse(u), { message: 'must be an absolute URL' }),
    headers: z.array(nameValue).default([]),
    postData: postData.optional(),
  }),
  response: z.object({
    status: z.number().int('must be a whole number'),
    headers: z.array(nameValue).default([]),
    content: content.optional(),
    /** Chrome and Edge: why a request failed (net::ERR_CONNECTION_RESET), beside status 0. */
    _error: z.string().nullish(),
  }),
  /** The harness (and some proxies): why a request failed (status 0). */
  _error: z.string().nullish(),
  /** Chrome: the negotiated TLS protocol, e.g. `TLS 1.3`. */
  _securityDetails: z.object({ protocol: z.string().optional() }).nullish(),
});

export const harSchema = z.object({
  log: z.object({
    version: z.string().optional(),
    creator: z.object({ name: z.string().optional(), version: z.string().optional() }).optional(),
    entries: z.array(harEntrySchema),
  }),
});

export type HarEntry = z.output<typeof harEntrySchema>;
