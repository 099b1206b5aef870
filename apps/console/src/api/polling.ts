/**
 * How often pages that show live work ask again, in one place. A demo day can last seconds, so
 * running campaigns, the inbox, webhook deliveries and running lead imports are refreshed every few
 * seconds while shown.
 */
export const POLL_MS = {
  live: 3_000,
  inbox: 4_000,
  senders: 5_000,
  /** A lead import while it runs: its bar moves a page at a time. */
  imports: 2_000,
} as const;
