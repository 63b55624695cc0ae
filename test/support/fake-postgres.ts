// A server that speaks just enough of PostgreSQL's wire protocol to ask for a password: it turns
// TLS down ('N'), answers the startup message with AuthenticationCleartextPassword, records the
// password message a client sends back, and refuses the login (28P01). What a desk would hand to
// anything that listens on a port and pretends to be its database.
import { createServer, type Server, type Socket } from 'node:net';

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const AUTH_CLEARTEXT = 3;

export interface FakePostgres {
  port: number;
  /** postgres://user@127.0.0.1:PORT/database */
  url(user: string, database: string): string;
  /** Every password message received, as sent (empty when a client sent an empty one). */
  passwords: string[];
  /** Startup messages seen (user, database), one per connection that got that far. */
  startups: { user?: string; database?: string }[];
  close(): Promise<void>;
}

function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.concat([Buffer.from(`SFATAL\0C${code}\0M${message}\0`), Buffer.from([0])]);
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

function serve(socket: Socket, fake: FakePostgres): void {
  let buffer = Buffer.alloc(0);
  let started = false;
  socket.on('error', () => undefined);
  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (!started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        const body = buffer.subarray(8, length);
        buffer = buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          socket.write('N');
          continue;
        }
        const parts = body.toString('utf8').split('\0');
        const params: Record<string, string> = {};
        for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i]) params[parts[i]] = parts[i + 1];
        fake.startups.push({ user: params.user, database: params.database });
        started = true;
        const auth = Buffer.alloc(9);
        auth.write('R', 0);
        auth.writeInt32BE(8, 1);
        auth.writeInt32BE(AUTH_CLEARTEXT, 5);
        socket.write(auth);
        continue;
      }
      if (buffer.length < 5) return;
      const type = String.fromCharCode(buffer[0]);
      const length = buffer.readInt32BE(1);
      if (buffer.length < length + 1) return;
      const body = buffer.subarray(5, length + 1);
      buffer = buffer.subarray(length + 1);
      if (type === 'p') {
        fake.passwords.push(body.toString('utf8').replace(/\0$/, ''));
        socket.end(errorResponse('28P01', 'password authentication failed'));
        return;
      }
    }
  });
}

export async function startFakePostgres(): Promise<FakePostgres> {
  const sockets = new Set<Socket>();
  const fake = { passwords: [], startups: [] } as unknown as FakePostgres;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, fake);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.port = (server.address() as { port: number }).port;
  fake.url = (user, database) => `postgres://${user}@127.0.0.1:${fake.port}/${database}`;
  fake.close = () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return fake;
}
