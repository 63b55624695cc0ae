// The camera permission as the desktop app installs it (electron/main.ts): the shell's policy over
// a fake Electron session, with the camera allowed by the settings' video camera. Nothing is
// granted while no camera is chosen; once one is, video (never audio) for the app's own page only;
// choosing "None" closes it again at once.
import { describe, expect, it } from 'vitest';
import { applyPermissionPolicy } from '../../electron/shell/window-guards.js';
import { isOwnOriginOrPage, type OwnPage } from '../../electron/shell/ipc-bridge.js';
import { MemorySettingsStore } from '../../electron/station/settings/settings-store.js';
import { cameraConfigured } from '../../electron/station/video/camera-permission.js';

const page: OwnPage = { kind: 'file', indexUrl: 'file:///opt/Packing%20Station/resources/app.asar/out/renderer/index.html' };

type RequestHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl?: string; mediaTypes?: string[] }) => void;
type CheckHandler = (contents: unknown, permission: string, origin: string, details: { mediaType?: string }) => boolean;

function fakeSession() {
  const s = { request: undefined as RequestHandler | undefined, check: undefined as CheckHandler | undefined };
  const session = {
    setPermissionRequestHandler: (h: RequestHandler | null) => void (s.request = h ?? undefined),
    setPermissionCheckHandler: (h: CheckHandler | null) => void (s.check = h ?? undefined),
  };
  const ask = (url: string, mediaTypes: string[], permission = 'media') => {
    let answer: boolean | undefined;
    s.request!({}, permission, (granted) => (answer = granted), { requestingUrl: url, mediaTypes });
    return answer;
  };
  return { session, ask, check: (origin: string, mediaType: string) => s.check!({}, 'media', origin, { mediaType }) };
}

describe('camera permission from the packing video setting', () => {
  it('is refused until a camera is chosen, then granted for video on the app page only, and refused again after "None"', () => {
    const settings = new MemorySettingsStore({});
    const fake = fakeSession();
    applyPermissionPolicy(fake.session, { cameraAllowed: cameraConfigured(settings), isOwnPage: (url) => isOwnOriginOrPage(url, page) });
    expect(fake.ask(page.indexUrl, ['video'])).toBe(false);

    settings.update({ video: { cameraId: 'cam-1' } });
    expect(fake.ask(page.indexUrl, ['video'])).toBe(true);
    expect(fake.check(page.indexUrl, 'video')).toBe(true);
    expect(fake.ask(page.indexUrl, ['video', 'audio'])).toBe(false);
    expect(fake.ask('https://marketplace.example/login', ['video'])).toBe(false);
    expect(fake.ask('file:///tmp/other.html', ['video'])).toBe(false);
    expect(fake.ask(page.indexUrl, [], 'geolocation')).toBe(false);

    settings.update({ video: { cameraId: '' } });
    expect(fake.ask(page.indexUrl, ['video'])).toBe(false);
  });
});
