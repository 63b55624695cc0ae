// Mounted once in the app shell: follows the desk's open shipment and the video settings and
// hands them to PackingVideo. It listens to the station's desk events itself, so filming goes on
// whichever screen shows, and no screen's code changes for it.
import { useEffect, useRef } from 'react';
import { useAppStore } from '../stores/app-store.js';
import { useStation } from '../app/station-context.js';
import { PackingVideo } from './packing-video.js';
import { setCameraState } from './video-store.js';

export function usePackingVideo(): void {
  const api = useStation();
  const epoch = useAppStore((s) => s.epoch);
  const cameraId = useAppStore((s) => s.settings.video.cameraId);
  const video = useRef<PackingVideo | undefined>(undefined);
  useEffect(() => {
    if (!cameraId) {
      setCameraState('off');
      return undefined;
    }
    const pv = new PackingVideo(api);
    video.current = pv;
    pv.configure(useAppStore.getState().settings);
    const offSettings = useAppStore.subscribe((s, before) => {
      if (s.settings !== before.settings) pv.configure(s.settings);
    });
    const offDesk = api.subscribe('desk.changed', (view) => pv.onDesk(view, useAppStore.getState().settings));
    api.invoke('desk.view', {}).then(
      (view) => pv.onDesk(view, useAppStore.getState().settings),
      () => undefined,
    );
    // A window closing lets another window of the desk take the camera at once.
    const onHide = () => pv.close();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      offSettings();
      offDesk();
      pv.close();
      video.current = undefined;
    };
  }, [api, epoch, cameraId]);
}
