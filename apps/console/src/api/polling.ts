/**
 * How often pages that show live work ask again, in one place. A demo day can last seconds, so
 * running campaigns, the inbox and webhook deliveries are refreshed every few seconds while shown.
 */
export const POLL_MS = {
  live: 3_000,
  inbox: 4_000,
  senders: 5_000,
} as const;
