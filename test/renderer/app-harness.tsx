// Renders the whole app over a real app station (real sandbox, real dispatcher, in-memory
// transport), with every renderer store back at its start and the sounds it would play recorded.
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../renderer/src/app/app.js';
import { resetScanRouter } from '../../renderer/src/scan/scan-router.js';
import { setSoundOutput, type SoundKind } from '../../renderer/src/sound/feedback-sound.js';
import { resetAppStore, useAppStore, type ScreenId } from '../../renderer/src/stores/app-store.js';
import { resetDeskStore } from '../../renderer/src/stores/desk-store.js';
import { resetDevicesStore } from '../../renderer/src/stores/devices-store.js';
import { resetDispatchStore } from '../../renderer/src/stores/dispatch-store.js';
import { resetPrintStore } from '../../renderer/src/stores/print-store.js';
import { resetQueueStore } from '../../renderer/src/stores/queue-store.js';
import { resetWaveStore } from '../../renderer/src/stores/wave-store.js';
import { resetOperatorStore } from '../../renderer/src/stores/operator-store.js';
import type { StationApi } from '../../shared/contract.js';
import { startTestAppStation, type TestAppStation } from '../support/app-station.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

export function resetRenderer(): void {
  cleanup();
  resetAppStore();
  resetDeskStore();
  resetDevicesStore();
  resetDispatchStore();
  resetPrintStore();
  resetQueueStore();
  resetWaveStore();
  resetOperatorStore();
  resetScanRouter();
  document.documentElement.className = '';
}

export function renderApp(api: StationApi, screenId: ScreenId = 'pack') {
  resetRenderer();
  const sounds: SoundKind[] = [];
  setSoundOutput((kind) => sounds.push(kind));
  useAppStore.setState({ screen: screenId });
  const view = render(<App station={api} />);
  // Scanners type fast: user-event without delays types at scanner speed.
  return { ...view, sounds, user: userEvent.setup({ delay: null }) };
}

/** The status line's words. */
export function statusText(): string {
  // Found by its place, not its name: the name is in the desk's language.
  const line = document.querySelector('.status-line [role="status"]');
  if (!line) return screen.getByRole('status', { name: 'Status line' }).textContent ?? '';
  return line.textContent ?? '';
}

export async function statusSays(pattern: RegExp, timeout = 10_000): Promise<void> {
  await waitFor(() => expect(statusText()).toMatch(pattern), { timeout });
}

/** New shipments of the desk's location that the desk can pack (marketplace-fulfilled ones are left out). */
export async function createShipments(sb: TestSandbox, count: number, kind = 'plain'): Promise<string[]> {
  const ids: string[] = [];
  for (let attempt = 0; ids.length < count && attempt < 10; attempt++) {
    const r = await sb.call('POST', '/sandbox/shipments', { body: { count: count - ids.length, locationId: sb.info.locations[0], kind } });
    if (r.status !== 200) throw new Error(`creating shipments failed: ${r.status}`);
    ids.push(...(r.json.shipmentIds as string[]).filter((id) => sb.world.shipments.get(id)!.orderItems.every((i) => i.serviceProfile === 'NON_FBF')));
  }
  if (ids.length < count) throw new Error(`the sandbox made only ${ids.length} packable shipments`);
  return ids;
}

/**
 * The set-up of a whole-app test file: a real sandbox and an app station at its first location
 * (with extra settings if given), the renderer reset after every test, both closed at the end.
 * Read `sb` and `app` from the result once the tests (or a later beforeAll) run.
 */
export function useAppStation(settings: Record<string, unknown> = {}): { readonly sb: TestSandbox; readonly app: TestAppStation } {
  const session = {} as { sb: TestSandbox; app: TestAppStation };
  beforeAll(async () => {
    session.sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
    session.app = await startTestAppStation({ sandbox: session.sb, settings: { locationId: session.sb.info.locations[0], ...settings } });
  });
  afterEach(resetRenderer);
  afterAll(async () => {
    await session.app?.close();
    await session.sb?.close();
  });
  return session;
}

/** Opens, verifies, measures and packs a shipment through the contract, as the desk's keys would. */
export async function packByApi(app: TestAppStation, sb: TestSandbox, id: string): Promise<void> {
  await app.api.invoke('desk.scan', { raw: id, source: 'serial' });
  for (const item of sb.world.shipments.get(id)!.orderItems) for (let n = 0; n < item.quantity; n++) await app.api.invoke('desk.scan', { raw: item.sku, source: 'serial' });
  const view = await app.api.invoke('desk.view', {});
  if (view.session?.phase === 'measuring') await app.api.invoke('desk.measure', { dimensions: { length: 20, breadth: 15, height: 10 }, weightKg: 0.8, source: 'typed' });
  await app.api.invoke('desk.pack', {});
}
