/**
 * A TCP proxy in front of the test database that a test can cut (connections refused, open ones
 * dropped, as when the database stops), blackhole (connections accepted, nothing answered, as
 * when the network drops packets) and restore. The shared PostgreSQL server is never touched.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export class TcpProxy {
  private server: Server;
  private readonly sockets = new Set<Socket>();
  private mode: 'open' | 'blackhole' | 'refused' = 'open';
  port = 0;

  private readonly targetHost: string;
  private readonly targetPort: number;

  private constructor(targetHost: string, targetPort: number) {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    this.server = this.newServer();
  }

  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetHost, targetPort);
    await proxy.listen(0);
    return proxy;
  }

  private newServer(): Server {
    return createServer((client) => {
      this.track(client);
      if (this.mode !== 'open') return; // blackhole: accepted, never answered
      const upstream = connect(this.targetPort, this.targetHost);
      this.track(upstream);
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }

  private listen(port: number): Promise<void> {
    return new Promise((ok, fail) => {
      this.server.once('error', fail);
      this.server.listen(port, '127.0.0.1', () => {
        const address = this.server.address();
        this.port = typeof address === 'object' && address ? address.port : port;
        ok();
      });
    });
  }

  private dropAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  /** The database "stops": open connections drop, new ones are refused. */
  async cut(): Promise<void> {
    this.mode = 'refused';
    this.dropAll();
    await new Promise<void>((ok) => this.server.close(() => ok()));
  }

  /** Packets vanish: open connections drop, new ones hang unanswered. */
  blackhole(): void {
    this.mode = 'blackhole';
    this.dropAll();
  }

  /** The database is back on the same address. */
  async restore(): Promise<void> {
    const wasRefused = this.mode === 'refused';
    if (this.mode === 'blackhole') this.dropAll();
    this.mode = 'open';
    if (wasRefused) {
      this.server = this.newServer();
      await this.listen(this.port);
    }
  }

  async stop(): Promise<void> {
    this.dropAll();
    if (this.server.listening) await new Promise<void>((ok) => this.server.close(() => ok()));
  }
}
