// Contract handlers of the desk's serial devices: what is configured and how it is doing, which
// ports the machine has, adding, changing and removing a profile (validated before it is kept),
// and a test that reads the device once and says what it read.
import type { z } from 'zod';
import { StationError, type KeyedSentence } from '../../../../shared/contract/define.js';
import { englishSentence } from '../../../../shared/i18n/station-sentences.js';
import { parseDeviceProfile } from '../../devices/device-profile.js';
import { listPorts } from '../../devices/port-discovery.js';
import { describeProfileProblems } from '../device-manager.js';
import type { Handlers } from '../dispatcher.js';
import type { StationAppContext } from '../station-app-context.js';

export function deviceHandlers(ctx: StationAppContext): Handlers {
  const listed = async () => {
    await ctx.deviceManager.settled();
    return ctx.deviceManager.list();
  };
  return {
    'devices.list': () => listed(),
    'devices.ports': async () => {
      const r = await listPorts({ list: ctx.listPorts });
      return { ports: r.ports.map((p) => ({ path: p.path, manufacturer: p.manufacturer })), message: r.ok ? undefined : r.message };
    },
    'devices.save': async ({ profile }) => {
      let parsed;
      try {
        parsed = parseDeviceProfile(profile);
      } catch (e) {
        const issues = (e as z.ZodError).issues;
        throw new StationError('INVALID_DEVICE', issues ? `The device was not saved. ${describeProfileProblems(profile)}` : String(e));
      }
      const others = ctx.settings.get().deviceProfiles.filter((p) => p.id !== parsed.id);
      // The profile is kept as given (defaults are filled in on use), so later defaults still apply.
      ctx.settings.update({ deviceProfiles: [...others, profile] });
      return listed();
    },
    'devices.remove': async ({ id }) => {
      const profiles = ctx.settings.get().deviceProfiles;
      if (!profiles.some((p) => p.id === id)) throw new StationError('NO_DEVICE', `There is no device "${id}".`);
      ctx.settings.update({ deviceProfiles: profiles.filter((p) => p.id !== id) });
      return listed();
    },
    'devices.test': async ({ id }) => {
      await ctx.deviceManager.settled();
      try {
        const said = await ctx.deviceManager.test(id);
        return { text: englishSentence(said), sentence: said };
      } catch (e) {
        const code = (e as { code?: string }).code ?? 'DEVICE_TEST_FAILED';
        throw new StationError(code, (e as Error).message, (e as { sentence?: KeyedSentence }).sentence);
      }
    },
  };
}
