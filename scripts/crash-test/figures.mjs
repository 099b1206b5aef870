// The crash test's checks, counted from records the service under test does not write: the
// simulator's log of what it did and of every call it received, and the webhook receiver's log.

const DAY_MS = 86_400_000;
const INVITE = 'POST /users/invite';
const MESSAGE_ROUTES = new Set(['POST /chats', 'POST /chats/:chat_id/messages']);

const sum = (values) => values.reduce((a, b) => a + b, 0);
const ok = (call) => call.status >= 200 && call.status < 300;

/** Actions the simulator carried out more than once: invitations per lead, messages per text. */
export function duplicateActions(received) {
  const invitations = new Map();
  const messages = new Map();
  for (const action of received) {
    if (action.type === 'invitation') {
      const key = `${action.accountId}|${action.publicIdentifier}`;
      invitations.set(key, (invitations.get(key) ?? 0) + 1);
    } else if (action.type === 'message' || action.type === 'inmail') {
      const key = `${action.accountId}|${action.publicIdentifier}|${action.content}`;
      messages.set(key, (messages.get(key) ?? 0) + 1);
    }
  }
  const extra = (counts) => sum([...counts.values()].map((n) => Math.max(0, n - 1)));
  return {
    invitationsSent: sum([...invitations.values()]),
    messagesSent: sum([...messages.values()]),
    distinctMessages: messages.size,
    duplicateInvitations: extra(invitations),
    duplicateMessages: extra(messages),
  };
}

/**
 * How long after a day's start a call may still carry the day before's unit: the runner takes the
 * unit, then calls, and the simulator dates the call when it arrives. 15 product minutes are about
 * 100 ms of real time at the test's 8640-fold clock.
 */
const MIDNIGHT_SLACK_MS = 15 * 60_000;

/**
 * Successful calls beyond `limit` on a UTC day of the simulator's clock (the accounts here are on
 * UTC), counting only the calls at least `MIDNIGHT_SLACK_MS` into the day: one just after
 * midnight may have been decided the day before, so it is not held against either day.
 */
function pastDailyLimit(calls, limit, slackMs = MIDNIGHT_SLACK_MS) {
  const perDay = new Map();
  for (const call of calls.filter(ok)) {
    const at = Date.parse(call.at);
    if (at % DAY_MS < slackMs) continue;
    const day = Math.floor(at / DAY_MS);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  return sum([...perDay.values()].map((n) => Math.max(0, n - limit)));
}

/** The same over a rolling window (LinkedIn's week of invitations). */
function pastRollingLimit(calls, limit, windowMs) {
  const done = [];
  let past = 0;
  for (const call of calls) {
    const at = Date.parse(call.at);
    if (done.filter((t) => at - t < windowMs).length >= limit) past += 1;
    if (ok(call)) done.push(at);
  }
  return past;
}

/**
 * Calls past a limit, per account: LinkedIn's (the simulator's rules for the account's tier:
 * invitations a day and in 7 days, messages and profile reads a day) and the account's own caps
 * (`caps`: invitations and messages a day), whichever is lower.
 */
export function limitPasses(calls, accounts, tierRules) {
  const perAccount = {};
  // The most successful calls of an account on one day: at the caps, the check was not idle.
  const busiestDay = { invitations: 0, messages: 0 };
  // The same count of the account's caps without the midnight slack: what it leaves out is shown.
  let withoutSlack = 0;
  for (const account of accounts) {
    const rules = tierRules[account.tier];
    const mine = calls.filter((call) => call.accountId === account.id);
    const invites = mine.filter((call) => call.route === INVITE);
    const messages = mine.filter((call) => MESSAGE_ROUTES.has(call.route));
    const invitesADay = Math.min(rules.invitationsPerDay ?? Infinity, account.caps.invitationsPerDay);
    busiestDay.invitations = Math.max(busiestDay.invitations, mostInADay(invites));
    busiestDay.messages = Math.max(busiestDay.messages, mostInADay(messages));
    withoutSlack +=
      pastDailyLimit(invites, account.caps.invitationsPerDay, 0) +
      pastDailyLimit(messages, account.caps.messagesPerDay, 0);
    perAccount[account.id] =
      pastDailyLimit(invites, invitesADay) +
      pastRollingLimit(
        invites,
        Math.min(rules.invitationsPerWeek, account.caps.invitationsPerWeek),
        7 * DAY_MS,
      ) +
      pastDailyLimit(messages, Math.min(rules.messagesPerDay, account.caps.messagesPerDay)) +
      pastDailyLimit(
        mine.filter((call) => call.kind === 'profile_read'),
        rules.profileReadsPerDay,
      );
  }
  return { total: sum(Object.values(perAccount)), perAccount, busiestDay, withoutSlack };
}

function mostInADay(calls) {
  const perDay = new Map();
  for (const call of calls.filter(ok)) {
    const day = Math.floor(Date.parse(call.at) / DAY_MS);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  return Math.max(0, ...perDay.values());
}

/**
 * Webhooks: every event of the outbox whose type was subscribed must have reached the receiver
 * (lost otherwise). The same `webhook-id` received again is a redelivery (a dispatcher died after
 * the receiver answered, before recording it; receivers deduplicate on the id), counted apart from
 * a duplicated event: one fact (an acceptance of one lead, the end of one campaign) carried by two
 * ids, which no receiver could tell apart.
 */
export function webhookFigures(events, subscribedTypes, received) {
  const expected = events.filter((event) => subscribedTypes.includes(event.type));
  const lost = expected.filter((event) => !received.has(event._id)).length;
  const facts = new Map();
  for (const [, delivery] of received) {
    const fact = `${delivery.type}|${delivery.data.leadId ?? ''}|${delivery.data.messageId ?? ''}|${delivery.data.campaignId ?? ''}`;
    facts.set(fact, (facts.get(fact) ?? 0) + 1);
  }
  return {
    events: expected.length,
    received: received.size,
    lost,
    duplicated: sum([...facts.values()].map((n) => Math.max(0, n - 1))),
    redelivered: sum([...received.values()].map((d) => d.count - 1)),
  };
}

/** Each runner's share of the actions its slot's simulator proxy saw succeed. */
export function runnerShares(actionsByRunner) {
  const total = sum(Object.values(actionsByRunner));
  return Object.fromEntries(
    Object.entries(actionsByRunner).map(([name, count]) => [
      name,
      total === 0 ? 0 : Math.round((count / total) * 1000) / 10,
    ]),
  );
}
