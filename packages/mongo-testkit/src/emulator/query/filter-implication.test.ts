import { describe, expect, it } from 'vitest';
import { fieldConditions } from './filter-conditions.js';
import { impliesFilter } from './filter-implication.js';

const implies = (query: Record<string, unknown>, filter: Record<string, unknown>) =>
  impliesFilter(fieldConditions(query), filter);

describe('impliesFilter', () => {
  it('takes $exists: true from any equality, range or $type on the field', () => {
    const exists = { dueAt: { $exists: true } };
    expect(implies({ dueAt: { $lte: new Date() } }, exists)).toBe(true);
    expect(implies({ dueAt: new Date() }, exists)).toBe(true);
    expect(implies({ dueAt: { $in: [new Date(1), new Date(2)] } }, exists)).toBe(true);
    expect(implies({ $and: [{ dueAt: { $exists: true } }] }, exists)).toBe(true);
    expect(implies({ dueAt: null }, exists)).toBe(false);
    expect(implies({ dueAt: { $ne: null } }, exists)).toBe(false);
    expect(implies({ other: 1 }, exists)).toBe(false);
    expect(implies({ $or: [{ dueAt: 1 }, { dueAt: 2 }] }, exists)).toBe(false);
  });

  it('takes a comparison from a tighter one of the same type, or from equalities inside it', () => {
    const positive = { score: { $gt: 10 } };
    expect(implies({ score: { $gte: 20 } }, positive)).toBe(true);
    expect(implies({ score: { $gt: 10 } }, positive)).toBe(true);
    expect(implies({ score: { $gte: 10 } }, positive)).toBe(false);
    expect(implies({ score: { $gte: 5 } }, positive)).toBe(false);
    expect(implies({ score: { $lt: 50 } }, positive)).toBe(false);
    expect(implies({ score: { $in: [11, 12] } }, positive)).toBe(true);
    expect(implies({ score: { $in: [11, 10] } }, positive)).toBe(false);
    expect(implies({ score: { $gte: 'z' } }, positive)).toBe(false);
    expect(implies({ score: { $lte: 3 } }, { score: { $lt: 5, $gte: 0 } })).toBe(false);
    expect(implies({ score: { $lte: 3, $gte: 1 } }, { score: { $lt: 5, $gte: 0 } })).toBe(true);
  });

  it('takes equality and $type only from the same condition, and needs every clause', () => {
    expect(implies({ status: 'pending', due: 1 }, { status: 'pending' })).toBe(true);
    expect(implies({ status: { $eq: 'pending' } }, { status: { $eq: 'pending' } })).toBe(true);
    expect(implies({ status: { $in: ['pending', 'failed'] } }, { status: 'pending' })).toBe(false);
    expect(implies({ code: { $type: 'string' } }, { code: { $type: 'string' } })).toBe(true);
    expect(implies({ code: 'x' }, { code: { $type: 'string' } })).toBe(false);
    expect(
      implies({ status: 'pending' }, { $and: [{ status: 'pending' }, { due: { $exists: true } }] }),
    ).toBe(false);
    expect(implies({ status: 'pending', due: 3 }, { status: 'pending', due: { $exists: true } })).toBe(true);
  });
});
