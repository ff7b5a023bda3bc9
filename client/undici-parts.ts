import { createRequire } from 'node:module';
import type { Agent as UndiciAgent, Dispatcher, EnvHttpProxyAgent as UndiciEnvHttpProxyAgent } from 'undici';

/**
 * The three parts of undici the client uses, each loaded from its own file. undici's index loads
 * every part it has (fetch, WebSocket, cookies, mocks, caches) whether used or not: about 120 ms
 * of compiling in every process of a run, and a run's workers all pay it at once, before their
 * first request (issue 29). undici is pinned; test/client/undici-parts.test.ts fails if these
 * files stop being the index's own classes.
 */
const require = createRequire(import.meta.url);

export const undiciPartFiles = {
  Agent: 'undici/lib/dispatcher/agent.js',
  EnvHttpProxyAgent: 'undici/lib/dispatcher/env-http-proxy-agent.js',
  request: 'undici/lib/api/api-request.js',
} as const;

export const Agent = require(undiciPartFiles.Agent) as typeof UndiciAgent;
export const EnvHttpProxyAgent = require(undiciPartFiles.EnvHttpProxyAgent) as typeof UndiciEnvHttpProxyAgent;

type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path' | 'method'> & { readonly dispatcher: Dispatcher; readonly method?: Dispatcher.HttpMethod };
const dispatcherRequest = require(undiciPartFiles.request) as (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

/**
 * undici's `request(url, { dispatcher, ... })`: the URL split into origin and path as undici's
 * index does it, then the dispatcher's request (the index adds it to every dispatcher).
 */
export function request(url: string, { dispatcher, method = 'GET', ...options }: RequestOptions): Promise<Dispatcher.ResponseData> {
  const { origin, pathname, search } = new URL(url);
  return dispatcherRequest.call(dispatcher, { ...options, origin, path: search ? `${pathname}${search}` : pathname, method });
}
