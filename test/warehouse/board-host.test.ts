// The board-only host against a real PostgreSQL: the same page security as browser mode, the
// board's read-only commands answered (and live through its events), every desk command refused
// in words, and nothing of a desk opened in its data folder (no journal, no sandbox).
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { BOARD_ONLY_REFUSAL, startBoardMode, type RunningBoardMode } from '../../electron/host/board-mode.js';
import { builtPage, nextMessage, openSocket } from '../host/host-fixtures.js';
import { recordingDesk } from '../support/board-desks.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';

describe.runIf(requirePostgres())('the board-only host', () => {
  const wh = useWarehouseDatabase();
  let board: RunningBoardMode;
  let dataDir: string;
  let url: string;

  beforeAll(async () => {
    url = await wh.freshUrl();
    dataDir = mkdtempSync(join(tmpdir(), 'board-host-'));
    board = await startBoardMode({ dataDir, rendererDir: builtPage(), port: 0, env: { STATION_WAREHOUSE_URL: url } });
  });
  afterAll(async () => {
    await board?.stop();
  });

  const socket = (): Promise<WebSocket> => openSocket(`ws://127.0.0.1:${board.host.port}/station?token=${board.host.token}`, { host: `127.0.0.1:${board.host.port}`, origin: board.host.origin });
  let id = 0;
  const call = async (ws: WebSocket, command: string, args: unknown = {}) => {
    id += 1;
    const mine = id;
    const reply = nextMessage(ws, (m) => m.t === 'reply' && m.id === mine);
    ws.send(JSON.stringify({ t: 'call', id: mine, command, args }));
    return reply;
  };

  it('serves the board page: a bare address is sent to it, the token becomes a cookie', async () => {
    const bare = await fetch(`${board.host.origin}/`, { redirect: 'manual' });
    expect(bare.status).toBe(303);
    expect(bare.headers.get('location')).toBe('/?board');
    const first = await fetch(board.url, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/?board=');
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/);
    const page = await fetch(`${board.host.origin}/?board`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Packing Station');
  });

  it('answers the board read-only and refuses every desk command', async () => {
    const ws = await socket();
    try {
      const status = await call(ws, 'warehouse.status');
      expect(status).toMatchObject({ ok: true, value: { enabled: true, boardOnly: true } });
      const view = await call(ws, 'warehouse.board');
      expect(view).toMatchObject({ ok: true, value: { enabled: true, boardOnly: true, snapshot: { desks: [] } } });
      for (const [command, args] of [
        ['desk.scan', { raw: 'SH1' }],
        ['desk.pack', {}],
        ['settings.update', { patch: { compactMode: true } }],
        ['app.info', {}],
        ['queue.refresh', {}],
      ] as const) {
        const reply = await call(ws, command, args);
        expect(reply, command).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: BOARD_ONLY_REFUSAL } });
      }
      // Nothing of a desk was opened in the data folder.
      expect(existsSync(join(dataDir, 'journal'))).toBe(false);
      expect(existsSync(join(dataDir, 'sandbox'))).toBe(false);
      expect(readdirSync(dataDir).sort()).toEqual(expect.arrayContaining(['browser-mode.key']));
    } finally {
      ws.close();
    }
  });

  it('refuses a page of another origin or without the token, as browser mode does', async () => {
    await expect(openSocket(`ws://127.0.0.1:${board.host.port}/station`, { host: `127.0.0.1:${board.host.port}`, origin: board.host.origin })).rejects.toMatchObject({ status: 403 });
    await expect(openSocket(`ws://127.0.0.1:${board.host.port}/station?token=${board.host.token}`, { host: `127.0.0.1:${board.host.port}`, origin: 'http://evil.example' })).rejects.toMatchObject({ status: 403 });
  });

  it('sends the board live to a connected page when a desk packs', async () => {
    const ws = await socket();
    const desk = await recordingDesk(wh.pool({ url }), 'Desk 4', { now: () => new Date() });
    try {
      const changed = nextMessage(ws, (m) => m.t === 'event' && m.name === 'warehouse.board.changed' && m.payload.snapshot?.desks.some((d: { desk: string; packsLastHour: number }) => d.desk === 'Desk 4' && d.packsLastHour === 2), 10_000);
      await desk.pack('Asha', ['S1', 'S2']);
      await desk.ship();
      const event = await changed;
      expect(event.payload).toMatchObject({ enabled: true, link: 'live', boardOnly: true });
    } finally {
      ws.close();
      await desk.close();
    }
  });

  it('refuses to start without a warehouse database, saying how to give one', async () => {
    await expect(startBoardMode({ dataDir: mkdtempSync(join(tmpdir(), 'board-host-')), rendererDir: builtPage(), env: {} })).rejects.toThrow(/STATION_WAREHOUSE_URL=postgres:\/\//);
  });
});
