import net from "node:net";

/**
 * Many open question streams (GET /api/sessions/:id/questions/events), held cheaply by one process: a raw socket
 * each (no http.Agent, no EventSource), the response's chunked framing and the Server-Sent Events read by hand, and
 * what each stream has seen kept in one typed array for all of them. `npm run bench:questions` holds 10,000 of them
 * on the load core while the clients ask and upvote.
 *
 * Each stream remembers, per question, the upvote count it last saw (plus one, so 0 means "not seen"), and the
 * ChangeLatencies (below) turn every step up into latencies from the acknowledgement of each change it carried.
 */

/** Latencies in whole milliseconds, one bucket each, up to a minute; the last bucket holds anything longer. */
export class Histogram {
  readonly buckets = new Uint32Array(60_001);
  count = 0;

  add(ms: number, times = 1) {
    const bucket = ms <= 0 ? 0 : Math.min(Math.round(ms), this.buckets.length - 1);
    this.buckets[bucket] = (this.buckets[bucket] ?? 0) + times;
    this.count += times;
  }

  merge(other: Histogram) {
    for (let index = 0; index < other.buckets.length; index++) {
      const add = other.buckets[index] ?? 0;
      if (add) this.buckets[index] = (this.buckets[index] ?? 0) + add;
    }
    this.count += other.count;
  }

  /** The latency at `fraction` (0.5, 0.99, 1 for the largest), ms; NaN when empty. */
  at(fraction: number) {
    if (this.count === 0) return NaN;
    const rank = Math.max(1, Math.ceil(fraction * this.count));
    let seen = 0;
    for (let index = 0; index < this.buckets.length; index++) {
      seen += this.buckets[index] ?? 0;
      if (seen >= rank) return index;
    }
    return this.buckets.length - 1;
  }

  /** How many took longer than `ms`. */
  over(ms: number) {
    let total = 0;
    for (let index = Math.floor(ms) + 1; index < this.buckets.length; index++) total += this.buckets[index] ?? 0;
    return total;
  }
}

/**
 * When each change was acknowledged to the client that made it, and how long each stream took to show it. A
 * question's appearance counts from the acknowledgement that made it public (the moderator's approve, or the ask
 * under post-moderation); an upvote from the acknowledgement of the upvote whose answer carried that count. A
 * stream that shows a change before its acknowledgement has reached the client counts 0 ms.
 */
export class ChangeLatencies {
  private readonly indexOf = new Map<string, number>();
  readonly ids: string[] = [];
  /** Per question: when it was made public (performance.now()), NaN until then. */
  private publicAt: Float64Array;
  /** Per question, per count: when upvotes answering that count were acknowledged. */
  private readonly upvoteAcks: (number[] | undefined)[][] = [];
  readonly appeared = new Histogram();
  readonly upvoted = new Histogram();

  constructor(readonly maxQuestions: number) {
    this.publicAt = new Float64Array(maxQuestions).fill(NaN);
  }

  /** The question's dense index, registering it on first sight; -1 past maxQuestions. */
  index(id: string): number {
    let index = this.indexOf.get(id);
    if (index === undefined) {
      if (this.ids.length >= this.maxQuestions) return -1;
      index = this.ids.length;
      this.ids.push(id);
      this.indexOf.set(id, index);
      this.upvoteAcks.push([]);
    }
    return index;
  }

  madePublic(id: string, at: number) {
    const index = this.index(id);
    if (index >= 0 && Number.isNaN(this.publicAt[index])) this.publicAt[index] = at;
  }

  upvoteAcknowledged(id: string, count: number, at: number) {
    const index = this.index(id);
    const acks = this.upvoteAcks[index];
    if (!acks) return;
    (acks[count] ??= []).push(at);
  }

  /** A stream showed question `index` for the first time (`first`), and its count went from `from` to `to`. */
  seen(index: number, first: boolean, from: number, to: number, at: number) {
    if (first) {
      const madePublicAt = this.publicAt[index] ?? NaN;
      this.appeared.add(Number.isNaN(madePublicAt) ? 0 : at - madePublicAt);
    }
    const acks = this.upvoteAcks[index];
    if (!acks) return;
    for (let count = from + 1; count <= to; count++) {
      const times = acks[count];
      if (times === undefined) {
        // Shown before its acknowledgement reached the client (or an upvote whose answer was lost): 0 ms.
        this.upvoted.add(0);
        continue;
      }
      for (const ackedAt of times) this.upvoted.add(at - ackedAt);
    }
  }
}

interface Stream {
  socket: net.Socket;
  session: string;
  /** Bytes not yet framed (latin1: one character per byte, so chunk sizes count right). */
  pending: string;
  headersDone: boolean;
  chunked: boolean;
  /** Bytes left in the current chunk, or -1 while reading a chunk's size line. */
  chunkLeft: number;
  /** Unframed Server-Sent Events text not yet ending in a blank line. */
  events: string;
  snapshotSeen: boolean;
}

/** An event block as what it shows: [question index, upvotes, question index, upvotes, ...]. */
interface Decoded {
  snapshot: boolean;
  shown: Int32Array;
}

export interface FleetTotals {
  /** Streams answered 200 and given their snapshot. */
  open: number;
  /** Refusals by status ("503": 12) and connection errors ("ECONNRESET": 1). */
  refused: Record<string, number>;
  /** Streams that ended while they were meant to stay open. */
  dropped: number;
  events: number;
  heartbeats: number;
  /** Events of a kind the contract does not name, or whose data was not JSON. */
  unreadable: number;
}

/**
 * Opens `count` streams to `port`, stream i on `sessions[i % sessions.length]`, at most `concurrency` connecting at
 * a time (a burst of 10,000 SYNs would overflow the server's accept queue and time the run, not the server).
 */
export class StreamFleet {
  private readonly streams: Stream[] = [];
  /** Per stream and question: the upvote count last shown plus one; 0 = not shown yet. */
  private readonly shown: Uint16Array;
  readonly totals: FleetTotals = { open: 0, refused: {}, dropped: 0, events: 0, heartbeats: 0, unreadable: 0 };
  private readonly decoded = new Map<string, Decoded>();
  private closing = false;

  constructor(
    private readonly port: number,
    private readonly latencies: ChangeLatencies,
    private readonly capacity: number,
    private readonly host = "127.0.0.1",
  ) {
    this.shown = new Uint16Array(capacity * latencies.maxQuestions);
  }

  get size() {
    return this.streams.length;
  }

  async open(sessions: readonly string[], count: number, concurrency = 200, timeoutMs = 60_000) {
    if (this.streams.length + count > this.capacity) throw new Error(`The fleet holds at most ${this.capacity}`);
    let next = 0;
    const until = Date.now() + timeoutMs;
    const one = () =>
      new Promise<void>((resolve) => {
        next++;
        this.connect(sessions[this.streams.length % sessions.length] ?? "", resolve);
      });
    const workers = Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count && Date.now() < until) await one();
    });
    await Promise.all(workers);
  }

  private connect(session: string, settled: () => void) {
    const index = this.streams.length;
    const socket = net.connect({ host: this.host, port: this.port });
    const stream: Stream = {
      socket,
      session,
      pending: "",
      headersDone: false,
      chunked: false,
      chunkLeft: -1,
      events: "",
      snapshotSeen: false,
    };
    this.streams.push(stream);
    let done = false;
    const settle = () => {
      if (!done) {
        done = true;
        settled();
      }
    };
    socket.setEncoding("latin1");
    socket.setNoDelay(true);
    socket.on("connect", () => {
      socket.write(
        `GET /api/sessions/${session}/questions/events HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\nAccept: text/event-stream\r\nAccept-Encoding: gzip, br\r\n\r\n`,
      );
    });
    socket.on("data", (text: string) => {
      const status = this.receive(index, stream, text);
      if (status === "refused" || (status === "open" && stream.snapshotSeen)) settle();
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (!stream.snapshotSeen && !done) this.refuse(error.code ?? "error");
      settle();
    });
    socket.on("close", () => {
      if (stream.snapshotSeen && !this.closing) this.totals.dropped++;
      settle();
    });
  }

  private refuse(reason: string) {
    this.totals.refused[reason] = (this.totals.refused[reason] ?? 0) + 1;
  }

  /** Frames what arrived; answers whether the stream is open, refused, or still waiting for its headers. */
  private receive(index: number, stream: Stream, text: string): "open" | "refused" | "waiting" {
    const at = performance.now();
    stream.pending += text;
    if (!stream.headersDone) {
      const end = stream.pending.indexOf("\r\n\r\n");
      if (end === -1) return "waiting";
      const head = stream.pending.slice(0, end);
      stream.pending = stream.pending.slice(end + 4);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? "unreadable";
      if (status !== "200") {
        this.refuse(status);
        stream.socket.destroy();
        return "refused";
      }
      stream.headersDone = true;
      stream.chunked = /\r\ntransfer-encoding: *chunked/i.test(head);
    }
    let body = "";
    if (!stream.chunked) {
      body = stream.pending;
      stream.pending = "";
    } else {
      for (;;) {
        if (stream.chunkLeft === -1) {
          const lineEnd = stream.pending.indexOf("\r\n");
          if (lineEnd === -1) break;
          stream.chunkLeft = parseInt(stream.pending.slice(0, lineEnd), 16);
          stream.pending = stream.pending.slice(lineEnd + 2);
          if (stream.chunkLeft === 0) break; // the last chunk: the server ended the stream
        }
        if (stream.pending.length < stream.chunkLeft + 2) {
          // Part of a chunk: take what there is.
          const take = Math.min(stream.pending.length, stream.chunkLeft);
          body += stream.pending.slice(0, take);
          stream.pending = stream.pending.slice(take);
          stream.chunkLeft -= take;
          break;
        }
        body += stream.pending.slice(0, stream.chunkLeft);
        stream.pending = stream.pending.slice(stream.chunkLeft + 2);
        stream.chunkLeft = -1;
      }
    }
    if (body) this.readEvents(index, stream, body, at);
    return "open";
  }

  private readEvents(index: number, stream: Stream, body: string, at: number) {
    stream.events += body;
    let end: number;
    while ((end = stream.events.indexOf("\n\n")) !== -1) {
      const block = stream.events.slice(0, end);
      stream.events = stream.events.slice(end + 2);
      if (block.startsWith(":")) {
        this.totals.heartbeats++;
        continue;
      }
      if (!block.includes("data:")) continue; // retry: only
      this.totals.events++;
      const decoded = this.decode(block);
      if (!decoded) {
        this.totals.unreadable++;
        continue;
      }
      let measured = true;
      if (decoded.snapshot) {
        // The first snapshot is the state before anything was measured; a later one (a re-read) carries changes.
        measured = stream.snapshotSeen;
        if (!stream.snapshotSeen) {
          stream.snapshotSeen = true;
          this.totals.open++;
        }
      }
      const { shown: pairs } = decoded;
      for (let pair = 0; pair < pairs.length; pair += 2) {
        this.show(index, pairs[pair] ?? -1, pairs[pair + 1] ?? 0, at, measured);
      }
    }
  }

  /**
   * An event block as the (question index, upvotes) pairs it shows. Every stream of a session receives the very
   * same bytes, so each distinct block is parsed once and the pairs reused by the others: with 10,000 streams on
   * one session, parsing each copy would make this process, not the server, the measure of the latency.
   */
  private decode(block: string): Decoded | undefined {
    const known = this.decoded.get(block);
    if (known) return known;
    let event = "message";
    let data = "";
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data += (data ? "\n" : "") + line.slice(5).trimStart();
    }
    let entries: [string, number][];
    try {
      const parsed = JSON.parse(data) as unknown;
      switch (event) {
        case "snapshot":
          entries = (parsed as { questions: { id: string; upvotes: number }[] }).questions.map((question) => [
            question.id,
            question.upvotes,
          ]);
          break;
        case "question": {
          const question = parsed as { id: string; upvotes: number };
          entries = [[question.id, question.upvotes]];
          break;
        }
        case "upvotes":
          entries = Object.entries(parsed as Record<string, number>);
          break;
        case "removed":
          entries = [];
          break;
        default:
          return undefined;
      }
    } catch {
      return undefined;
    }
    const shown = new Int32Array(entries.length * 2);
    for (const [at, [id, upvotes]] of entries.entries()) {
      shown[at * 2] = this.latencies.index(id);
      shown[at * 2 + 1] = upvotes;
    }
    const decoded = { snapshot: event === "snapshot", shown };
    // The blocks of the last moments are the ones still arriving on other streams; older ones are not coming back.
    if (this.decoded.size >= 256) this.decoded.clear();
    this.decoded.set(block, decoded);
    return decoded;
  }

  private show(index: number, question: number, upvotes: number, at: number, measured: boolean) {
    if (question < 0) return;
    const slot = index * this.latencies.maxQuestions + question;
    const before = this.shown[slot] ?? 0;
    const now = upvotes + 1;
    if (now <= before) return;
    this.shown[slot] = now;
    if (measured) this.latencies.seen(question, before === 0, Math.max(0, before - 1), upvotes, at);
  }

  /**
   * Streams whose view differs from `expected` (each session's public questions and their counts): questions not
   * shown, and counts behind. Counts a question per stream once.
   */
  behind(expected: Map<string, Map<string, number>>) {
    let streams = 0;
    let questions = 0;
    for (const [index, stream] of this.streams.entries()) {
      if (!stream.snapshotSeen || stream.socket.destroyed) continue;
      let late = 0;
      for (const [id, upvotes] of expected.get(stream.session) ?? []) {
        const question = this.latencies.index(id);
        if (question < 0 || (this.shown[index * this.latencies.maxQuestions + question] ?? 0) !== upvotes + 1) late++;
      }
      if (late) {
        streams++;
        questions += late;
      }
    }
    return { streams, questions };
  }

  /** Streams still open (not refused, not dropped). */
  get openNow() {
    return this.streams.filter((stream) => stream.snapshotSeen && !stream.socket.destroyed).length;
  }

  close() {
    this.closing = true;
    for (const stream of this.streams) stream.socket.destroy();
  }
}
