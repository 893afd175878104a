/**
 * Serves a PGlite database over the Postgres wire protocol to many connections at once.
 *
 * PGlite is one session. pglite-socket's own queue hands it one protocol message at a time, so
 * the extended-protocol messages of two connections (Parse, Bind, Execute, Sync) interleave and
 * one connection's Bind can meet the other's statement: we saw wrong parameters and lost updates
 * under load. This queue runs each connection's messages up to and including Sync (or a simple
 * Query) as one unit, and while a connection holds a transaction (or is mid-sequence after a
 * Flush) only that connection runs.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';

type Batch = {
  handlerId: number;
  bytes: Uint8Array;
  holds: boolean;
  onData: (data: Uint8Array) => void;
  done: () => void;
  fail: (e: unknown) => void;
};

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
const FLUSH = 0x48; // 'H': the client waits for answers mid-sequence and keeps the unnamed statement

class BatchingQueue {
  private readonly pending = new Map<number, Uint8Array[]>();
  private readonly ready: Batch[] = [];
  private running = false;
  private owner: number | null = null;
  private readonly db: PGlite;
  constructor(db: PGlite) {
    this.db = db;
  }

  /** Called by the handler for each message; resolves at once for messages that only buffer. */
  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    const type = message[0];
    const isStartup = message.length >= 8 && new DataView(message.buffer, message.byteOffset).getInt32(4) === 196608;
    const parts = this.pending.get(handlerId) ?? [];
    parts.push(message);
    if (!isStartup && type !== SYNC && type !== QUERY && type !== TERMINATE && type !== FLUSH) {
      this.pending.set(handlerId, parts);
      return Promise.resolve(0);
    }
    this.pending.delete(handlerId);
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    return new Promise((resolve, reject) => {
      this.ready.push({ handlerId, bytes, holds: type === FLUSH, onData, done: () => resolve(bytes.length), fail: reject });
      void this.run();
    });
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const index = this.owner === null ? 0 : this.ready.findIndex((b) => b.handlerId === this.owner);
        if (index === -1 || this.ready.length === 0) break;
        const [batch] = this.ready.splice(index, 1);
        try {
          await this.db.runExclusive(() => this.db.execProtocolRawStream(batch!.bytes, { onRawData: batch!.onData }));
          this.owner = batch!.holds || this.db.isInTransaction() ? batch!.handlerId : null;
          batch!.done();
        } catch (error) {
          this.owner = this.db.isInTransaction() ? batch!.handlerId : null;
          batch!.fail(error);
        }
      }
    } finally {
      this.running = false;
    }
  }

  clearQueueForHandler(handlerId: number): void {
    this.pending.delete(handlerId);
    for (let i = this.ready.length - 1; i >= 0; i--) {
      if (this.ready[i]!.handlerId === handlerId) this.ready.splice(i, 1)[0]!.fail(new Error('Handler disconnected'));
    }
  }

  /** A connection that leaves inside a transaction gets it rolled back, and the others go on. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    this.owner = null;
    // A connection can close after the database did (shutdown): nothing is left to roll back then.
    if (this.db.closed) return;
    try {
      if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    } catch {
      // The database went away meanwhile; the next statement reports it.
    }
    void this.run();
  }
}

export async function serveEmbedded(
  db: PGlite,
  host: string,
  port: number,
): Promise<{ server: Server; port: number; stop: () => Promise<void> }> {
  const queue = new BatchingQueue(db);
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const handler = new PGLiteSocketHandler({ db, closeOnDetach: true, queryQueue: queue } as never);
    handler.attach(socket).catch(() => socket.destroy());
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok());
  });
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : port,
    stop: async () => {
      const closed = [...sockets].map((socket) => new Promise<void>((ok) => socket.once('close', () => ok())));
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((ok) => server.close(() => ok()));
      // Let each connection's close handler run while the database is still open.
      await Promise.all(closed);
      await new Promise((ok) => setImmediate(ok));
    },
  };
}
