// The contract's dispatcher over the in-memory transport: arguments are validated before a
// handler runs, errors cross as {code, message}, events reach subscribers.
import { describe, expect, it } from 'vitest';
import { Dispatcher, EventHub } from '../../../electron/station/app/dispatcher.js';
import { connectInMemory } from '../../../electron/station/app/memory-transport.js';
import { StationError } from '../../../shared/contract/define.js';

describe('station contract dispatcher', () => {
  it('passes validated arguments to the handler and returns its result', async () => {
    let seen: unknown;
    const d = new Dispatcher({
      'desk.scan': (args) => {
        seen = args;
        return { feedback: { tone: 'ok', text: 'ok', sound: 'success' }, jobs: [], awaitingDispatch: [] };
      },
    });
    const { api } = connectInMemory(d, new EventHub());
    const view = await api.invoke('desk.scan', { raw: 'SH00000000000001', source: 'wedge' });
    expect(view.feedback.text).toBe('ok');
    expect(seen).toEqual({ raw: 'SH00000000000001', source: 'wedge' });
  });

  it('refuses bad arguments before the handler runs, in words', async () => {
    let called = false;
    const d = new Dispatcher({
      'desk.measure': () => {
        called = true;
        return { feedback: { tone: 'ok', text: '', sound: 'none' }, jobs: [], awaitingDispatch: [] };
      },
    });
    const { api } = connectInMemory(d, new EventHub());
    const err = await api.invoke('desk.measure', { weightKg: -1, source: 'typed' }).catch((e) => e);
    expect(err).toBeInstanceOf(StationError);
    expect(err.code).toBe('BAD_ARGUMENTS');
    expect(err.message).toMatch(/weightKg/);
    expect(called).toBe(false);
  });

  it('answers unknown and unavailable commands with a code, and carries handler errors', async () => {
    const d = new Dispatcher({
      'desk.pack': () => {
        throw new StationError('NOT_READY', 'Scan the remaining units first.');
      },
    });
    const { api } = connectInMemory(d, new EventHub());
    await expect(api.invoke('desk.pack', {})).rejects.toMatchObject({ code: 'NOT_READY', message: 'Scan the remaining units first.' });
    await expect(api.invoke('desk.view', {})).rejects.toMatchObject({ code: 'UNKNOWN_COMMAND' });
    await expect((api as any).invoke('no.such', {})).rejects.toMatchObject({ code: 'UNKNOWN_COMMAND' });
  });

  it('delivers events to subscribers, validated against the contract', async () => {
    const hub = new EventHub();
    const { api } = connectInMemory(new Dispatcher({}), hub);
    const got: unknown[] = [];
    const off = api.subscribe('device.weight', (p) => got.push(p));
    hub.emit('device.weight', { deviceId: 'scale-1', weightKg: 1.25, stable: true });
    await new Promise((r) => setTimeout(r, 5));
    off();
    hub.emit('device.weight', { deviceId: 'scale-1', weightKg: 2, stable: true });
    await new Promise((r) => setTimeout(r, 5));
    expect(got).toEqual([{ deviceId: 'scale-1', weightKg: 1.25, stable: true }]);
    expect(() => hub.emit('device.weight', { deviceId: 'x', weightKg: 'heavy' } as any)).toThrow();
  });
});
