import net from "node:net";

/**
 * A TCP relay between the server and a database, which a test can cut and restore, or freeze and thaw: the network
 * between them going away and coming back, with neither end told. Cutting resets every connection through it and
 * stops listening, so new connections are refused; restoring listens again on the same port. Freezing stops
 * forwarding bytes either way without closing anything, as a database whose process is stopped (SIGSTOP) or a
 * network path that drops every packet: connections are still taken, and their bytes held; thawing forwards them.
 */
export interface Tunnel {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  freeze(): void;
  thaw(): void;
  /**
   * How many connections made before the freeze are still open with bytes held for the other end: a client that
   * sent a query into the outage and still waits on that connection for its answer.
   */
  waiting(): number;
  close(): Promise<void>;
}

interface Link {
  /** Bytes that came while frozen, each with the socket it is for, in order. */
  held: [net.Socket, Buffer][];
  /** Made before the current freeze. */
  beforeFreeze: boolean;
}

/** Opens the relay on `port`, or on a free port the system picks (0), which it keeps when restored. */
export async function openTunnel(target: { host: string; port: number }, port = 0): Promise<Tunnel> {
  const sockets = new Set<net.Socket>();
  const links = new Set<Link>();
  let frozen = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    // A reset by either end or by cut() is the point of this relay, not a failure of the test.
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  };
  const relay = net.createServer((client) => {
    // A connection made while frozen is taken, as the kernel of a stopped database takes it, and its bytes held.
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    const link: Link = { held: [], beforeFreeze: false };
    links.add(link);
    const forward = (from: net.Socket, to: net.Socket) => {
      from.on("data", (chunk: Buffer) => {
        if (frozen) link.held.push([to, chunk]);
        else to.write(chunk);
      });
    };
    forward(client, upstream);
    forward(upstream, client);
    client.on("close", () => {
      links.delete(link);
      upstream.destroy();
    });
    upstream.on("close", () => client.destroy());
  });

  let listeningOn = port;
  const listen = async () => {
    relay.listen(listeningOn, "127.0.0.1");
    await new Promise<void>((resolve, reject) => {
      relay.once("listening", resolve);
      relay.once("error", reject);
    });
    listeningOn = (relay.address() as net.AddressInfo).port;
  };
  const stop = async () => {
    const closed = new Promise<void>((resolve) =>
      relay.close(() => {
        resolve();
      }),
    );
    for (const socket of sockets) socket.resetAndDestroy();
    await closed;
  };

  await listen();
  return {
    port: listeningOn,
    cut: stop,
    restore: listen,
    freeze: () => {
      frozen = true;
      for (const link of links) link.beforeFreeze = true;
    },
    thaw: () => {
      frozen = false;
      for (const link of links) {
        for (const [to, chunk] of link.held.splice(0)) to.write(chunk);
      }
    },
    waiting: () => [...links].filter((link) => link.beforeFreeze && link.held.length > 0).length,
    close: () => (relay.listening ? stop() : Promise.resolve()),
  };
}
