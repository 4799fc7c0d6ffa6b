import net from "node:net";

/**
 * A TCP relay between the server and a database, which a test can cut and restore: the network between them going
 * away and coming back, with neither end told. Cutting resets every connection through it and stops listening, so
 * new connections are refused; restoring listens again on the same port.
 */
export interface Tunnel {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function openTunnel(target: { host: string; port: number }, port: number): Promise<Tunnel> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    // A reset by either end or by cut() is the point of this relay, not a failure of the test.
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  };
  const relay = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });

  const listen = async () => {
    relay.listen(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => {
      relay.once("listening", resolve);
      relay.once("error", reject);
    });
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
  return { port, cut: stop, restore: listen, close: () => (relay.listening ? stop() : Promise.resolve()) };
}
