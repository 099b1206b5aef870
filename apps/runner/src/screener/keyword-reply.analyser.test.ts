import { describe, expect, it } from 'vitest';
import { createKeywordReplyAnalyser } from './keyword-reply.analyser.js';

describe('keyword reply analyser', () => {
  const analyser = createKeywordReplyAnalyser();

  it('reads a refusal as discarded even when it contains a positive word', async () => {
    await expect(analyser.analyse('Thanks, but I am NOT interested.')).resolves.toBe('discarded');
    await expect(analyser.analyse('Please remove me from your list')).resolves.toBe('discarded');
  });

  it('ranks a booked meeting above plain interest', async () => {
    await expect(analyser.analyse('Interested! I booked a slot for Tuesday.')).resolves.toBe(
      'meeting_booked',
    );
  });

  it('tags interest and a fitting answer', async () => {
    await expect(analyser.analyse('Sounds good, tell me more')).resolves.toBe('interested');
    await expect(analyser.analyse('Yes, we are hiring engineers this quarter.')).resolves.toBe('matched');
  });

  it('matches whole words only, ignoring case, accents and curly apostrophes', async () => {
    await expect(analyser.analyse('Yesterday was busy')).resolves.toBeNull();
    await expect(analyser.analyse('Don’t contact me again')).resolves.toBe('discarded');
    await expect(analyser.analyse('INTÉRESTED')).resolves.toBe('interested');
  });

  it('returns no tag for a reply that says nothing the rules know', async () => {
    await expect(analyser.analyse('Who are you?')).resolves.toBeNull();
  });

  it('follows custom rules in their order', async () => {
    const custom = createKeywordReplyAnalyser([{ tag: 'matched', phrases: ['kubernetes'] }]);
    await expect(custom.analyse('We run Kubernetes in production')).resolves.toBe('matched');
    await expect(custom.analyse('yes')).resolves.toBeNull();
  });
});
