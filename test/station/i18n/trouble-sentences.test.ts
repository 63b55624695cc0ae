// The station's sentences seen only in trouble travel as catalogue keys with their values: the
// warehouse database's problems and its connection test, the marketplace sign-in when lapsed or
// signed out, and device faults and disconnects. Each is checked by its key and values, its
// English (logs, the command line) and its Hindi, which must carry none of the English words.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { englishSentence } from '../../../shared/i18n/station-sentences.js';
import { switchLanguage } from '../../../renderer/src/i18n/i18n.js';
import { inHindi } from '../../support/hindi-sentence.js';
import { testWarehouseConnection } from '../../../electron/station/warehouse/connection-test.js';
import { poolConfig } from '../../../electron/station/warehouse/warehouse-pool.js';
import { awayReasonSentence, connectionFailureSentence } from '../../../electron/station/warehouse/warehouse-problem-words.js';
import { claimsWaitSentence } from '../../../electron/station/warehouse/desk-warehouse.js';
import { BoardFeed } from '../../../electron/station/warehouse/board-feed.js';
import { createWarehousePool } from '../../../electron/station/warehouse/warehouse-pool.js';
import type { PgListener } from '../../../electron/station/warehouse/pg-listener.js';
import { boardHandlers } from '../../../electron/station/app/handlers/board-handlers.js';
import { SerialDevice } from '../../../electron/station/devices/serial-device.js';
import { parseDeviceProfile, type DeviceProfile } from '../../../electron/station/devices/device-profile.js';
import type { SerialPortLike } from '../../../electron/station/devices/serial-port-opener.js';
import { parseCubiscanFrame } from '../../../electron/station/devices/dimensioner-parsers.js';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../shared/api/limits.js';
import { CHECK_THE_UNIT, packedSerialSentence, scannedTwiceSentence } from '../../../electron/station/warehouse/serial-words.js';
import { saying } from '../../../shared/i18n/station-sentences.js';
import { startTestAppStation, type TestAppStation } from '../../support/app-station.js';

const DEVANAGARI = /[\u0900-\u097F]/;

/** Hindi words with no word of the English sentence left in them (values such as ids and paths excepted). */
function expectHindiOnly(sentence: KeyedSentence, englishWords: RegExp): string {
  const words = inHindi(sentence);
  expect(words).toMatch(DEVANAGARI);
  expect(words).not.toMatch(englishWords);
  expect(words).not.toBe('(no Hindi)');
  return words;
}

afterEach(() => switchLanguage('en'));

describe('the warehouse database in trouble', () => {
  it('a connection test to a port where nothing listens says so by key, in English and in Hindi', async () => {
    const tested = await testWarehouseConnection({ url: 'postgres://station@127.0.0.1:1/warehouse', connectTimeoutMs: 2_000 });
    expect(tested.ok).toBe(false);
    expect(tested.sentence).toEqual({ key: 'warehouse.db.refused', params: { at: '127.0.0.1:1' } });
    expect(tested.text).toBe(englishSentence(tested.sentence));
    expect(tested.text).toMatch(/^Refused: nothing answers at 127\.0\.0\.1:1\./);
    const words = expectHindiOnly(tested.sentence, /Refused|nothing answers|Check that/);
    expect(words).toContain('127.0.0.1:1');
  });

  it('an address the desk refuses before connecting (TLS off over the network) carries its key', async () => {
    let refusal: unknown;
    try {
      poolConfig({ url: 'postgres://station@db.example.com/wh?sslmode=disable' });
    } catch (e) {
      refusal = e;
    }
    const sentence = (refusal as { sentence?: KeyedSentence }).sentence!;
    expect(sentence).toEqual({ key: 'warehouse.db.tlsOff', params: { host: 'db.example.com' } });
    expect((refusal as Error).message).toMatch(/^TLS is off for the warehouse database at db\.example\.com/);
    expectHindiOnly(sentence, /TLS is off|unencrypted|password/);
    // The connection test says the same refusal, not an English message.
    const tested = await testWarehouseConnection({ url: 'postgres://station@db.example.com/wh?sslmode=disable' });
    expect(tested).toMatchObject({ ok: false, sentence: { key: 'warehouse.db.tlsOff' } });
  });

  it('a wrong password, a refused login and a certificate problem each have their own key', () => {
    const where = { host: 'db.example.com', port: 5432, user: 'station', database: 'warehouse' };
    const wrong = connectionFailureSentence(Object.assign(new Error('password authentication failed for user "station"'), { code: '28P01' }), where);
    expect(wrong).toEqual({ key: 'warehouse.db.wrongPassword', params: { user: 'station' } });
    expectHindiOnly(wrong, /Wrong password|Type the password/);
    expect(connectionFailureSentence(Object.assign(new Error('no pg_hba.conf entry'), { code: '28000' }), where).key).toBe('warehouse.db.notLetIn');
    const cert = connectionFailureSentence(Object.assign(new Error('self-signed certificate in certificate chain'), { code: 'SELF_SIGNED_CERT_IN_CHAIN' }), where);
    expect(cert.key).toBe('warehouse.db.certificate');
    expectHindiOnly(cert, /Certificate problem|Give the CA file/);
  });

  it('the database away: the reason is said in the desk’s language inside the claim refusal at Pack', () => {
    expect(awayReasonSentence('connect ECONNREFUSED 10.0.0.5:5432')).toEqual({ key: 'warehouse.db.away.refused' });
    expect(awayReasonSentence('Connection terminated unexpectedly').key).toBe('warehouse.db.away.cut');
    expect(awayReasonSentence('timeout exceeded when trying to connect').key).toBe('warehouse.db.away.noAnswer');
    const waits = claimsWaitSentence('connect ECONNREFUSED 10.0.0.5:5432');
    expect(englishSentence(waits)).toMatch(/^New shipments wait: the warehouse database is unreachable \(nothing answers at its address\)\./);
    expectHindiOnly(waits, /ECONNREFUSED|nothing answers|New shipments wait/);
  });

  it('the lead’s board: the database away and a desk alone, by key and in Hindi', async () => {
    const pool = createWarehousePool({ url: 'postgres://station@127.0.0.1:1/warehouse', connectTimeoutMs: 2_000 });
    const listener = { listen: async () => () => undefined } as unknown as PgListener;
    const feed = new BoardFeed({ pool, listener, onChange: () => undefined });
    try {
      await feed.start();
      const view = feed.view();
      expect(view.reasonSentence).toEqual({ key: 'warehouse.db.board.readFailed', parts: { why: { key: 'warehouse.db.away.refused' } } });
      expect(view.reason).toBe('Reading the board failed: warehouse database unreachable (nothing answers at its address). The board shows the last figures it read and tries again.');
      expectHindiOnly(view.reasonSentence!, /unreachable|last figures|nothing answers/);
    } finally {
      await feed.stop();
      await pool.end().catch(() => undefined);
    }
    const alone = (await boardHandlers({ source: async () => undefined, enabled: () => false })['warehouse.board']!({} as never, {} as never)) as { reasonSentence?: KeyedSentence };
    expect(alone.reasonSentence).toEqual({ key: 'warehouse.db.board.notWarehouse' });
    expectHindiOnly(alone.reasonSentence!, /works alone|needs the warehouse/);
  });
});

/** A port that opens, and closes when told, as serialport does when the cable is pulled. */
function fakePort() {
  const listeners: Record<string, ((arg?: unknown) => void)[]> = {};
  const port: SerialPortLike & { pull(): void } = {
    isOpen: true,
    write: () => true,
    close: (cb) => cb?.(null),
    on: ((event: string, fn: (arg?: unknown) => void) => {
      (listeners[event] ??= []).push(fn);
      return port;
    }) as SerialPortLike['on'],
    removeAllListeners: () => {
      for (const k of Object.keys(listeners)) delete listeners[k];
      return port;
    },
    pull: () => listeners.close?.forEach((fn) => fn(Object.assign(new Error('Port disconnected'), { disconnected: true }))),
  };
  return port;
}

/** Timers that never fire: the retries are not what these tests look at. */
const stillTimers = { setTimeout: () => 0, clearTimeout: () => undefined };

describe('device faults and disconnects', () => {
  const scale: DeviceProfile = parseDeviceProfile({ id: 's', name: 'Packing scale', role: 'scale', path: '/dev/ttyUSB7', protocol: 'sics' });

  it('a port held by another program: key, English and Hindi', async () => {
    const device = new SerialDevice(scale, { open: async () => Promise.reject(new Error('Error: Resource temporarily unavailable Cannot lock port')), timers: stillTimers });
    await device.start();
    const status = device.status;
    expect(status.state).toBe('error');
    expect(status.sentence).toMatchObject({ key: 'devices.fault.cannotOpen', parts: { why: { key: 'devices.fault.busy' }, device: { key: 'devices.fault.device', params: { name: 'Packing scale', path: '/dev/ttyUSB7' } } } });
    expect(status.message).toBe('Cannot open the scale "Packing scale" (/dev/ttyUSB7): the port is in use by another program. Retrying…');
    const words = expectHindiOnly(status.sentence!, /Cannot open|in use|another program|Retrying|the scale/);
    expect(words).toContain('Packing scale');
    await device.stop();
  });

  it('an unplugged cable: key, English and Hindi', async () => {
    const port = fakePort();
    const device = new SerialDevice(scale, { open: async () => port, timers: stillTimers });
    await device.start();
    expect(device.status.sentence?.key).toBe('devices.fault.connected');
    port.pull();
    expect(device.status.state).toBe('disconnected');
    expect(device.status.sentence?.key).toBe('devices.fault.unplugged');
    expect(device.status.message).toMatch(/unplugged or switched off\. Waiting for it to come back/);
    expectHindiOnly(device.status.sentence!, /unplugged|switched off|Waiting/);
    await device.stop();
  });

  it('a frame the dimensioner refuses is a keyed fault', () => {
    const fault = parseCubiscanFrame('\u0002MN');
    expect(fault).toMatchObject({ type: 'fault', sentence: { key: 'devices.fault.dim.refused' } });
    expectHindiOnly((fault as { sentence: KeyedSentence }).sentence, /refused|Place the parcel/);
  });
});

describe('serial-register refusals at Pack', () => {
  it('a serial packed at another desk: where, by whom and when (IST), with no English month in Hindi', () => {
    const said = packedSerialSentence({ serial: '356938035643809', shipmentId: 'S1', desk: 'Desk 3', operator: 'Asha', packedAt: new Date('2026-11-24T05:12:00Z') });
    expect(said).toMatchObject({ key: 'station.serial.packedAtBy', params: { serial: '356938035643809', desk: 'Desk 3', operator: 'Asha', shipment: 'S1' } });
    expect(said.parts?.when).toMatchObject({ key: 'station.date.when', params: { day: 24, year: 2026, time: '10:42' }, parts: { month: { key: 'station.date.month.nov' } } });
    const refusal = saying(said, CHECK_THE_UNIT);
    expect(refusal.text).toBe('Serial 356938035643809 was already packed at Desk 3 by Asha on 24 Nov 2026, 10:42 IST (shipment S1). Check the unit: it may be the wrong box.');
    const words = refusal.sentences.map((s) => inHindi(s)).join(' ');
    expect(words).toBe('सीरियल 356938035643809 पहले ही Desk 3 पर Asha ने 24 नवंबर 2026, 10:42 IST को पैक किया है (शिपमेंट S1)। पीस जाँचें: हो सकता है बॉक्स गलत हो।');
  });

  it('a serial scanned twice in one shipment and one packed with nobody signed in', () => {
    expectHindiOnly(scannedTwiceSentence('SN12345', 'S9'), /scanned twice|each unit/);
    const alone = packedSerialSentence({ serial: 'SN12345', shipmentId: 'S2', desk: 'Desk 1', packedAt: new Date('2026-01-05T20:00:00Z') });
    expect(englishSentence(alone)).toBe('Serial SN12345 was already packed at Desk 1 on 6 Jan 2026, 01:30 IST (shipment S2).');
    expect(expectHindiOnly(alone, /already packed|Jan/)).toContain('6 जनवरी 2026, 01:30 IST');
  });
});

describe('the marketplace sign-in when signed out or lapsed', () => {
  let app: TestAppStation;
  beforeAll(async () => {
    app = await startTestAppStation({});
  });
  afterAll(async () => {
    await app?.close();
  });

  it('signed out: the view carries its key; Hindi has no English', async () => {
    await app.api.invoke('auth.useSandbox', {});
    const out = await app.api.invoke('auth.signOut', {});
    expect(out.signedIn).toBe(false);
    expect(out.sentence).toEqual({ key: 'signin.trouble.signedOut' });
    expect(out.text).toMatch(/^Signed out: the station forgot its tokens/);
    expectHindiOnly(out.sentence!, /Signed out|Sign in|tokens/);
    // A call that needs the marketplace is refused with a keyed sentence too.
    const refused = await app.api.invoke('queue.list', {}).then(
      () => undefined,
      (e: { code: string; sentence?: KeyedSentence }) => e,
    );
    expect(refused?.code).toBe('NOT_SIGNED_IN');
    expect(refused?.sentence).toMatchObject({ key: 'signin.trouble.noSecret', parts: { then: { key: 'signin.trouble.signInAgain' } } });
    expectHindiOnly(refused!.sentence!, /No application secret|Sign in/);
  });

  it('lapsed at the sandbox: the sentence names the sandbox in the desk’s language and the date', async () => {
    await app.api.invoke('auth.useSandbox', {});
    app.sandbox.world.clock.advance(ACCESS_TOKEN_TTL_SECONDS + 60);
    const view = await app.api.invoke('app.info', {}).then((i) => i.signIn);
    expect(view.signedIn).toBe(false);
    expect(view.sentence).toMatchObject({ key: 'signin.trouble.lapsed', parts: { where: { key: 'signin.status.sandbox' } } });
    expect(view.text).toMatch(/^The sign-in to the Sandbox expired on \d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST;/);
    expect(view.accessExpiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expectHindiOnly(view.sentence!, /sign-in to|expired|next call|Sandbox/);
  });
});
