import { createHash } from "node:crypto";
import pg from "pg";

/** At most one NOTIFY per server in this long: a burst of votes costs the other servers one read of the counts. */
const notifyInterval = 200;
/** How long to wait before listening again after the connection dropped: doubling from the first to the last. */
const reconnectDelays = { first: 1000, last: 30_000 };

/**
 * The channel of the servers sharing one PostgreSQL schema. NOTIFY channels belong to the whole database, where
 * other schemas (the tests', a staging copy) may keep votes of the same edition: the schema names the channel. A
 * hash of it, because a channel is an identifier of at most 63 bytes and a schema name may use them all.
 */
export function countsChannel(schema: string) {
  return `glosaic_counts_${createHash("sha256").update(schema).digest("hex").slice(0, 16)}`;
}

/** The application_name of the connection that listens on `channel`. */
export function listenerName(channel: string) {
  return `glosaic listening on ${channel}`;
}

/**
 * How the PostgreSQL stores of several servers hear each other's votes: each LISTENs on its schema's channel on a
 * connection of its own (outside the pool, so it never holds a slot the votes need), and after its own counted votes
 * NOTIFYs with the edition as payload, at most once per `notifyInterval` and never as part of a vote's statement.
 * A dropped connection is listened on again with back-off, and since notifications sent meanwhile are lost, coming
 * back counts as a change. Errors are swallowed: a missed notification delays a leaderboard, it must not end the
 * process.
 */
export class CountsChannel {
  private client: pg.Client | undefined;
  /** The listening connection's backend: notifications it sent itself are this server's own votes, already told. */
  private ownPid: number | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay = reconnectDelays.first;
  private notifyTimer: NodeJS.Timeout | undefined;
  private notifyPending = false;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly pool: pg.Pool,
    private readonly channel: string,
    private readonly edition: string,
    private readonly heard: () => void,
  ) {}

  /** Starts listening; resolves once listening, or once the first attempt failed (it is retried later). */
  async listen(): Promise<void> {
    // Named, so an operator (or a test) can tell the listening connections in pg_stat_activity.
    const client = new pg.Client({ ...this.config, application_name: listenerName(this.channel) });
    this.client = client;
    let lost = false;
    const lose = () => {
      if (lost) return;
      lost = true;
      if (this.client === client) {
        this.client = undefined;
        this.ownPid = undefined;
      }
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on("error", lose);
    client.on("end", lose);
    client.on("notification", (message) => {
      if (message.payload === this.edition && message.processId !== this.ownPid) this.heard();
    });
    try {
      await client.connect();
      await client.query(`listen "${this.channel}"`);
      const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
      // Closed, or cut, while connecting: this client is no longer the store's.
      if (this.client !== client) return;
      this.ownPid = rows[0]?.pid;
      this.reconnectDelay = reconnectDelays.first;
    } catch {
      lose();
    }
  }

  private scheduleReconnect() {
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.listen().then(() => {
        // Votes of other servers while the connection was down went unheard.
        if (this.ownPid !== undefined) this.heard();
      });
    }, this.reconnectDelay);
    this.reconnectTimer.unref();
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, reconnectDelays.last);
  }

  /** Tells the other servers that this edition's counts changed: now, or at the end of the current interval. */
  announce() {
    if (this.closed) return;
    if (this.notifyTimer) {
      this.notifyPending = true;
      return;
    }
    // Through the listening connection when it is up, which tells this server's own notifications apart.
    const sender = this.client && this.ownPid !== undefined ? this.client : this.pool;
    sender.query("select pg_notify($1, $2)", [this.channel, this.edition]).catch(() => undefined);
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = undefined;
      if (this.notifyPending) {
        this.notifyPending = false;
        this.announce();
      }
    }, notifyInterval);
    this.notifyTimer.unref();
  }

  /** Stops listening and announcing; a change waiting for the end of the interval is announced now. */
  async close() {
    if (this.notifyTimer) {
      clearTimeout(this.notifyTimer);
      this.notifyTimer = undefined;
      if (this.notifyPending)
        await this.pool.query("select pg_notify($1, $2)", [this.channel, this.edition]).catch(() => undefined);
    }
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
