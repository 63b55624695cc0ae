// The listening socket of the sandbox. The spec allows HTTPS only (spec § Conventions: "plain
// HTTP requests are not supported"), but a client that mistakenly speaks plain HTTP should get a
// readable refusal rather than a TLS alert or a hang. So a plain TCP server looks at the first
// byte of each connection: 0x16 opens a TLS handshake and the socket goes to the HTTPS server;
// anything else gets one plain-HTTP 400 answer and the connection is closed.
import { createServer, type Server, type Socket } from 'node:net';
import type { Server as HttpsServer } from 'node:https';

/** A connection that sends nothing for this long is closed. */
export const FIRST_BYTE_TIMEOUT_MS = 30_000;
/** How long a refused plain-HTTP client has to read the answer before the socket is destroyed. */
const REFUSAL_LINGER_MS = 2_000;
const TLS_HANDSHAKE = 0x16;

export interface HttpsOnlyFront {
  server: Server;
  /** Closes the listener and every connection, idle keep-alive ones included. */
  close(): Promise<void>;
}

export function createHttpsOnlyFront(https: HttpsServer): HttpsOnlyFront {
  const undecided = new Set<Socket>();
  // Every open connection: the HTTPS server's own closeAllConnections does not reach the sockets
  // handed to it from here, and an idle keep-alive one would hold the close for a minute.
  const open = new Set<Socket>();
  const server = createServer((socket) => {
    undecided.add(socket);
    open.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      undecided.delete(socket);
      open.delete(socket);
    });
    socket.setTimeout(FIRST_BYTE_TIMEOUT_MS, () => socket.destroy());
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      socket.setTimeout(0);
      undecided.delete(socket);
      if (chunk[0] === TLS_HANDSHAKE) {
        socket.unshift(chunk);
        https.emit('connection', socket);
        process.nextTick(() => socket.resume());
      } else {
        refusePlainHttp(socket);
      }
    });
  });
  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of open) s.destroy();
      }),
  };
}

function refusePlainHttp(socket: Socket): void {
  const port = socket.localPort ?? 0;
  const body = JSON.stringify({
    code: 'HTTPS_REQUIRED',
    message: `This service speaks HTTPS only. Use https://127.0.0.1:${port}/ (the CA certificate is in the sandbox state directory).`,
  });
  socket.end(
    'HTTP/1.1 400 Bad Request\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
  // Drain whatever the client still sends so it can read the answer, then let go.
  socket.resume();
  setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
}
