import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.js';

function journal() {
  const log: string[] = [];
  let pending = 0;
  let broken = false;
  return {
    log,
    write: () => (pending += 1),
    breakDisk: () => (broken = true),
    group: new GroupCommit(
      () => {
        if (broken) throw new Error('disk full');
        log.push(`commit ${pending}`);
        pending = 0;
      },
      () => pending > 0 || broken,
    ),
  };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('sends a reply at once when nothing waits to be committed', () => {
    const { log, group } = journal();
    group.afterCommit(
      () => log.push('reply'),
      () => log.push('fail'),
    );
    expect(log).toEqual(['reply']);
  });

  it('commits the writes of one turn once, before any of their replies, in order', async () => {
    const { log, write, group } = journal();
    write();
    group.afterCommit(
      () => log.push('reply a'),
      () => log.push('fail a'),
    );
    write();
    group.afterCommit(
      () => log.push('reply b'),
      () => log.push('fail b'),
    );
    // A read answered while writes wait is held back too: it may have seen them.
    group.afterCommit(
      () => log.push('reply c'),
      () => log.push('fail c'),
    );
    expect(log).toEqual([]);
    await nextTurn();
    expect(log).toEqual(['commit 2', 'reply a', 'reply b', 'reply c']);
  });

  it('acknowledges nothing once a commit fails', async () => {
    const { log, write, breakDisk, group } = journal();
    write();
    breakDisk();
    group.afterCommit(
      () => log.push('reply a'),
      () => log.push('fail a'),
    );
    await nextTurn();
    group.afterCommit(
      () => log.push('reply b'),
      () => log.push('fail b'),
    );
    await nextTurn();
    expect(log).toEqual(['fail a', 'fail b']);
  });
});
