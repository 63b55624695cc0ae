// The Electron transport, renderer side: the preload's `window.station` bridge turned into the
// typed StationApi. The bridge returns plain {ok, value | error} replies because Error classes do
// not cross contextBridge; StationError is rebuilt here so screens see the same errors over IPC,
// the WebSocket and memory.
import type { ArgsOf, CommandName, EventName, PayloadOf, ResultOf, StationApi } from '../../../shared/contract.js';
import { CONTRACT_ERRORS, StationError } from '../../../shared/contract/define.js';
import { ReplyMessage } from '../../../shared/contract/wire.js';
import type { StationBridge } from './window-station.js';

export function ipcStation(bridge: StationBridge): StationApi {
  return {
    async invoke<C extends CommandName>(command: C, args: ArgsOf<C>): Promise<ResultOf<C>> {
      const parsed = ReplyMessage.safeParse(await bridge.invoke(command, args));
      if (!parsed.success) throw new StationError(CONTRACT_ERRORS.internal, `The station gave no usable answer to "${command}".`);
      const reply = parsed.data;
      if (!reply.ok) throw new StationError(reply.error.code, reply.error.message, reply.error.sentence, reply.error.sentences);
      return reply.value as ResultOf<C>;
    },
    subscribe<E extends EventName>(event: E, listener: (payload: PayloadOf<E>) => void): () => void {
      return bridge.subscribe(event, listener as (payload: unknown) => void);
    },
  };
}
