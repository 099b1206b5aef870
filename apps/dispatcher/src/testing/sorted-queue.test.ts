import { describe, expect, it } from 'vitest';
import { SortedQueue } from './sorted-queue.js';

describe('SortedQueue', () => {
  it('finds the first accepted item in key order, up to a key', () => {
    const queue = new SortedQueue<string>();
    queue.insert('c', 30);
    queue.insert('a', 10);
    queue.insert('b', 20);
    queue.insert('a2', 10);
    expect(queue.find(100, () => true)).toBe('a');
    expect(queue.find(100, (item) => item !== 'a')).toBe('a2');
    expect(queue.find(15, (item) => item.startsWith('b'))).toBeUndefined();
    queue.remove('a');
    queue.remove('a2');
    expect(queue.find(100, () => true)).toBe('b');
  });
});
