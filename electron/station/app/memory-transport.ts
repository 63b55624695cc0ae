// The in-memory transport: a StationApi in the same process, over the real dispatcher and event
// hub, with messages cloned as they would be on a wire. Used by tests and by the CLI-free demo.
import type { StationApi } from '../../../shared/contract.js';
import { createMemoryPorts, createStationClient } from '../../../shared/contract/client.js';
import type { Dispatcher, EventHub } from './dispatcher.js';

export function connectInMemory(dispatcher: Dispatcher, hub: EventHub): { api: StationApi; close(): void } {
  const { client, server } = createMemoryPorts();
  server.onMessage(async (message) => {
    const reply = await dispatcher.handle(message, { transport: 'memory' });
    if (reply) server.send(reply);
  });
  const unsubscribe = hub.subscribe((event) => server.send(event));
  return { api: createStationClient(client), close: unsubscribe };
}
