/**
 * Holds replies back until the changes they report are durable, and lets every reply produced in
 * one turn of the event loop share one commit (one write and one flush for many clients). While
 * anything waits, later replies wait too, so each connection's replies keep their order and no
 * one is told about a change before it is on disk. With nothing to commit, a reply goes at once.
 */
export class GroupCommit {
  private waiting: { send: () => void; fail: () => void }[] = [];
  private scheduled = false;

  constructor(
    private readonly commit: () => void,
    private readonly needsCommit: () => boolean,
  ) {}

  /** Runs `send` once the changes applied so far are committed, or `fail` if the commit fails. */
  afterCommit(send: () => void, fail: () => void): void {
    if (!this.scheduled && !this.needsCommit()) {
      send();
      return;
    }
    this.waiting.push({ send, fail });
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.waiting;
    this.waiting = [];
    let committed = true;
    try {
      this.commit();
    } catch {
      committed = false;
    }
    for (const { send, fail } of batch) (committed ? send : fail)();
  }
}
