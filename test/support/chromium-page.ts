import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

/** Debian's chromium; .ci/run installs it when it is missing. `uses` names the test, for the message. */
export function chromium(uses: string): string {
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
    if (found) return found;
  }
  throw new Error(`${uses} needs a headless Chromium: apt-get install -y chromium (.ci/run installs it)`);
}

/**
 * A profile directory of this launch alone, removed by the returned function: without
 * --user-data-dir every headless Chromium shares one default profile (cache, local storage), and
 * npm test opens pages side by side, so one test's page could read another's state.
 */
export function ownProfile(): { flag: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'pc-chromium-'));
  return { flag: `--user-data-dir=${dir}`, remove: () => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }) };
}

/**
 * The text a page shows once it shows `awaited`, read from a headless Chromium over the DevTools
 * protocol on a pipe (--remote-debugging-pipe: NUL-terminated JSON on fds 3 and 4, no port). Why not
 * `--dump-dom --virtual-time-budget`: Allure's single-file page draws its results after asynchronous
 * work that virtual time does not wait for, so a dump caught the header alone one time in four here,
 * and more often on a loaded CI runner, whatever the budget. This polls the page in real time instead.
 */
export async function shownText(browser: string, url: string, awaited: string, timeoutMs = 90_000): Promise<string> {
  const profile = ownProfile();
  const child = spawn(browser, ['--headless', '--no-sandbox', '--disable-gpu', profile.flag, '--remote-debugging-pipe', url], { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  const replies = new Map<number, (reply: { result?: any; error?: { message: string } }) => void>();
  let pending = Buffer.alloc(0);
  fromBrowser.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (let end = pending.indexOf(0); end >= 0; end = pending.indexOf(0)) {
      const message = JSON.parse(pending.subarray(0, end).toString('utf8')) as { id?: number; result?: any; error?: { message: string } };
      pending = pending.subarray(end + 1);
      if (message.id !== undefined) replies.get(message.id)?.(message);
    }
  });
  let lastId = 0;
  const send = (method: string, params: object = {}, sessionId?: string) => new Promise<any>((resolve, reject) => {
    const id = ++lastId;
    replies.set(id, (reply) => (reply.error ? reject(new Error(`${method}: ${reply.error.message}`)) : resolve(reply.result)));
    toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
  });
  const started = Date.now();
  const pause = () => new Promise((r) => setTimeout(r, 250));
  try {
    let page: { targetId: string } | undefined;
    while (!(page = (await send('Target.getTargets')).targetInfos.find((t: { type: string }) => t.type === 'page'))) await pause();
    const { sessionId } = await send('Target.attachToTarget', { targetId: page.targetId, flatten: true });
    for (;;) {
      const evaluated = await send('Runtime.evaluate', { expression: 'document.body ? document.body.innerText : ""', returnByValue: true }, sessionId);
      const text = String(evaluated.result?.value ?? '');
      if (text.includes(awaited) || Date.now() - started > timeoutMs) return text;
      await pause();
    }
  } finally {
    child.kill();
    await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(undefined) : child.once('exit', r)));
    profile.remove();
  }
}
