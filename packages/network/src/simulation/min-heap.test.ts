import { describe, expect, it } from 'vitest';
import { MinHeap } from './min-heap.js';

describe('MinHeap', () => {
  it('pops items in order whatever order they were pushed in', () => {
    const heap = new MinHeap<number>((a, b) => a < b);
    const values = Array.from({ length: 200 }, (_, i) => (i * 7919) % 211);
    for (const value of values) heap.push(value);
    const popped: number[] = [];
    for (let value = heap.pop(); value !== undefined; value = heap.pop()) popped.push(value);
    expect(popped).toEqual([...values].sort((a, b) => a - b));
    expect(heap.size).toBe(0);
  });
});
