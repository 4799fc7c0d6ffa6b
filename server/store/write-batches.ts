/**
 * Batches one server keeps in flight at once, on as many connections: PostgreSQL works on them side by side, on as
 * many cores. Each takes its rows in the same order (a vote batch its demos' count rows in demo order), so they
 * queue for each other rather than deadlock.
 */
const maxInFlight = 2;

/**
 * Writes that arrive together go to PostgreSQL as one statement, in batches (decision 028): the writes that arrive
 * while the batches in flight are busy go together in the next. One statement per write was one commit each, with
 * the counted row locked from its update to its commit, so writes to one row queued behind each other's commits.
 * The PostgreSQL store's votes (postgres.ts) and its questions' upvotes (postgres-question-store.ts) use it.
 *
 * A write whose key (its voter and what they voted for) is in a batch in flight waits for that batch rather than
 * race it: a repeat in the next batch finds the first one's row.
 */
export class WriteBatches<Write> {
  private queue: Write[] = [];
  /** The batches in flight. */
  private readonly writing = new Set<Promise<void>>();
  /** The keys of every write in flight. */
  private readonly inFlight = new Set<string>();
  private flushScheduled = false;

  constructor(
    private readonly keyOf: (write: Write) => string,
    /** Writes a batch and settles each of its writes; never rejects. */
    private readonly writeBatch: (writes: Write[]) => Promise<void>,
  ) {}

  /** Queues a write for the next batch, which goes once the writes of this turn of the event loop are in. */
  add(write: Write): void {
    this.queue.push(write);
    if (this.writing.size >= maxInFlight || this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  /** Writes what is waiting and waits for every batch in flight: before the store closes, nothing is dropped. */
  async settle(): Promise<void> {
    this.flush();
    while (this.writing.size > 0 || this.queue.length > 0) {
      await Promise.all(this.writing);
      this.flush();
    }
  }

  private flush() {
    if (this.writing.size >= maxInFlight || this.queue.length === 0) return;
    const batch: Write[] = [];
    const later: Write[] = [];
    for (const write of this.queue) (this.inFlight.has(this.keyOf(write)) ? later : batch).push(write);
    this.queue = later;
    if (batch.length === 0) return;
    for (const write of batch) this.inFlight.add(this.keyOf(write));
    const writing: Promise<void> = this.writeBatch(batch).finally(() => {
      this.writing.delete(writing);
      for (const write of batch) this.inFlight.delete(this.keyOf(write));
      // The writes that came meanwhile have waited for a batch already: they go now.
      this.flush();
    });
    this.writing.add(writing);
  }
}
