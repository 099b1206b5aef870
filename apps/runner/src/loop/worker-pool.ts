/**
 * Drains claimable work with up to `concurrency` concurrent workers. Each worker claims one item,
 * handles it, and claims again, until nothing is due, the pass budget is spent or the runner is
 * stopping. Claiming one item at a time (instead of reading a batch) keeps every claim a single
 * atomic update, so any number of workers and processes can drain the same queue side by side.
 *
 * Workers are added one per successful claim, so an empty queue costs a single claim, not one per
 * worker.
 */
export interface DrainOptions<T> {
  concurrency: number;
  /** Upper bound of items per pass, so that other duties of the pass get their turn. */
  budget: number;
  claim: () => Promise<T | null>;
  handle: (item: T) => Promise<void>;
  isStopping: () => boolean;
}

/**
 * Resolves to the number of items handled. A failing claim or handler (the database gone, say)
 * stops further claims; every worker already running is still awaited, and the first failure is
 * then thrown, so no worker's failure goes unobserved.
 */
export async function drainWithWorkers<T>(options: DrainOptions<T>): Promise<number> {
  const limit = Math.max(1, options.concurrency);
  let claims = 0;
  let handled = 0;
  let exhausted = false;
  const failures: unknown[] = [];
  const workers: Promise<void>[] = [];

  const canClaim = () =>
    !exhausted && failures.length === 0 && !options.isStopping() && claims < options.budget;
  const spawn = () => {
    if (workers.length < limit && canClaim())
      workers.push(
        worker().catch((error: unknown) => {
          failures.push(error);
        }),
      );
  };
  async function worker(): Promise<void> {
    while (canClaim()) {
      claims += 1;
      const item = await options.claim();
      if (item === null) {
        exhausted = true;
        return;
      }
      spawn();
      await options.handle(item);
      handled += 1;
    }
  }

  spawn();
  // Workers spawned while others run join the list; wait until no new one appears.
  for (let awaited = 0; awaited < workers.length;) {
    const batch = workers.slice(awaited);
    awaited = workers.length;
    await Promise.all(batch);
  }
  if (failures.length > 0) throw failures[0];
  return handled;
}
