import net from 'node:net';

/**
 * A TCP proxy between the server and its database that a test can break: `cut()` drops every connection and
 * refuses new ones (the database host gone), `stall()` keeps connections open but forwards nothing (a network that
 * stopped answering), `restore()` forwards again. It listens on 127.0.0.1 only.
 */
export class TcpProxy {
  private readonly pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  /** Connections accepted while stalled: never connected upstream. */
  private readonly held = new Set<net.Socket>();
  private mode: 'forward' | 'stall' | 'cut' = 'forward';
  private server: net.Server;

  private constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
    server: net.Server,
  ) {
    this.server = server;
  }

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const holder: { proxy?: TcpProxy } = {};
    const server = net.createServer((socket) => holder.proxy?.accept(socket));
    const port = await listen(server, 0);
    holder.proxy = new TcpProxy(target, port, server);
    return holder.proxy;
  }

  /** Every connection is dropped and new ones are refused, as when the database's host goes away. */
  async cut(): Promise<void> {
    this.mode = 'cut';
    this.dropAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Connections stay open and new ones are accepted, but no byte goes through either way. */
  stall(): void {
    this.mode = 'stall';
    for (const { client, upstream } of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  /** Forwards again. Connections that lived through a stall are dropped: their conversations are beyond repair. */
  async restore(): Promise<void> {
    const wasCut = this.mode === 'cut';
    if (this.mode === 'stall') this.dropAll();
    this.mode = 'forward';
    if (wasCut) {
      const server = net.createServer((socket) => this.accept(socket));
      await listen(server, this.port);
      this.server = server;
    }
  }

  async close(): Promise<void> {
    this.mode = 'cut';
    this.dropAll();
    await new Promise<void>((resolve) => (this.server.listening ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(client: net.Socket): void {
    client.on('error', () => client.destroy());
    if (this.mode === 'cut') {
      client.destroy();
      return;
    }
    if (this.mode === 'stall') {
      client.pause();
      this.held.add(client);
      client.on('close', () => this.held.delete(client));
      return;
    }
    const upstream = net.connect(this.target.port, this.target.host);
    const pair = { client, upstream };
    this.pairs.add(pair);
    const drop = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  private dropAll(): void {
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
    for (const socket of this.held) socket.destroy();
    this.held.clear();
  }
}

function listen(server: net.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      if (typeof address === 'object' && address) resolve(address.port);
      else reject(new Error('proxy has no port'));
    });
  });
}
