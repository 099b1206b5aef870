import { startStack } from './stack.js';

/**
 * One stack for the whole browser suite. A sandbox day lasts 3 s and every lead accepts and
 * replies within the hour, so a campaign runs from invitation to reply in seconds.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stack = await startStack({
    DEMO_DAY_SECONDS: '3',
    ALREADY_CONNECTED_PROBABILITY: '0',
    ACCEPT_PROBABILITY: '1',
    ACCEPT_DELAY_MIN_MS: String(10 * 60_000),
    ACCEPT_DELAY_MAX_MS: String(60 * 60_000),
    REPLY_PROBABILITY: '1',
    REPLY_DELAY_MIN_MS: String(10 * 60_000),
    REPLY_DELAY_MAX_MS: String(60 * 60_000),
    REPLY_TEXTS: 'Sounds interesting, tell me more',
  });
  // Workers inherit the environment set here.
  process.env['CONSOLE_STACK'] = JSON.stringify(stack.info);
  return stack.stop;
}
