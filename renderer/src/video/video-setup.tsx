// Setup → Packing video: which camera films the desk (none by default), at what resolution and
// bitrate, how long after the pack filming goes on, how long clips are kept, and the space they
// use now. A choice takes effect when saved, without a restart.
import { useEffect, useState } from 'react';
import type { ResultOf } from '../../../shared/contract.js';
import { VideoResolution, type StationSettings } from '../../../shared/settings.js';
import { saidWords } from '../i18n/said-words.js';
import { errorWords } from '../app/errors.js';
import { useStation } from '../app/station-context.js';
import { tr } from '../i18n/i18n.js';
import { useT } from '../i18n/use-t.js';
import { useAppStore } from '../stores/app-store.js';
import './video.css';

type Draft = StationSettings['video'];
interface Camera {
  deviceId: string;
  label: string;
}

const GB = 1024 ** 3;
const gb = (bytes: number, fmt: ReturnType<typeof useT>['fmt']) => tr('setup.video.gigabytes', { n: fmt.number(bytes / GB, bytes < GB / 10 ? 3 : 1) });

async function listCameras(): Promise<Camera[]> {
  const media = navigator.mediaDevices;
  if (!media?.enumerateDevices) return [];
  const named = (list: MediaDeviceInfo[]) => list.filter((d) => d.kind === 'videoinput').map((d, i) => ({ deviceId: d.deviceId, label: d.label || tr('setup.video.cameraN', { n: i + 1 }) }));
  let cameras = named(await media.enumerateDevices());
  // Names are hidden until a camera was allowed once; asking briefly shows them.
  if (cameras.length > 0 && (await media.enumerateDevices()).every((d) => d.kind !== 'videoinput' || !d.label)) {
    try {
      const probe = await media.getUserMedia({ video: true, audio: false });
      probe.getTracks().forEach((t) => t.stop());
      cameras = named(await media.enumerateDevices());
    } catch {
      // Names stay "Camera 1", "Camera 2": still choosable.
    }
  }
  return cameras.filter((c) => c.deviceId);
}

export function VideoSetup() {
  const api = useStation();
  const { t, fmt } = useT();
  const saved = useAppStore((s) => s.settings.video);
  const [draft, setDraft] = useState<Draft>(saved);
  const [cameras, setCameras] = useState<Camera[]>();
  const [space, setSpace] = useState<ResultOf<'video.space'>>();
  const [note, setNote] = useState<{ ok: boolean; text: string }>();

  useEffect(() => setDraft(saved), [saved]);
  useEffect(() => {
    listCameras().then(setCameras, () => setCameras([]));
    api.invoke('video.space', {}).then(setSpace, (e) => setNote({ ok: false, text: errorWords(e) }));
  }, [api]);

  async function save() {
    const camera = cameras?.find((c) => c.deviceId === draft.cameraId);
    try {
      await api.invoke('settings.update', { video: { ...draft, cameraLabel: camera?.label ?? (draft.cameraId ? draft.cameraLabel : '') } });
      setNote({ ok: true, text: draft.cameraId ? t('setup.video.on', { camera: camera?.label ?? t('setup.video.chosenCamera') }) : t('setup.video.off') });
      setSpace(await api.invoke('video.space', {}));
    } catch (e) {
      setNote({ ok: false, text: errorWords(e) });
    }
  }

  const num = (key: 'bitrateKbps' | 'preRollSeconds' | 'endMarginSeconds' | 'retentionDays' | 'retentionGb') => (e: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [key]: Number(e.target.value) });
  const missing = draft.cameraId && cameras && !cameras.some((c) => c.deviceId === draft.cameraId);

  return (
    <section aria-label={t('setup.video.title')} className="panel video-setup">
      <h2>{t('setup.video.title')}</h2>
      <form
        aria-label={t('setup.video.settings')}
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="field">
          <label htmlFor="video-camera">{t('setup.video.camera')}</label>
          <select id="video-camera" value={draft.cameraId} onChange={(e) => setDraft({ ...draft, cameraId: e.target.value })}>
            <option value="">{t('setup.video.none')}</option>
            {missing ? <option value={draft.cameraId}>{t('setup.video.notConnected', { camera: draft.cameraLabel || t('setup.video.chosenCamera') })}</option> : null}
            {(cameras ?? []).map((c) => (
              <option key={c.deviceId} value={c.deviceId}>
                {c.label}
              </option>
            ))}
          </select>
          {cameras && cameras.length === 0 ? <p className="field-hint">{t('setup.video.noCamera')}</p> : null}
        </div>
        <div className="field">
          <label htmlFor="video-resolution">{t('setup.video.resolution')}</label>
          <select id="video-resolution" value={draft.resolution} onChange={(e) => setDraft({ ...draft, resolution: VideoResolution.parse(e.target.value) })}>
            {VideoResolution.options.map((r) => (
              <option key={r} value={r}>
                {r.replace('x', ' × ')}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="video-codec">{t('setup.video.codec')}</label>
          <select id="video-codec" value={draft.codec} onChange={(e) => setDraft({ ...draft, codec: e.target.value === 'vp9' ? 'vp9' : 'vp8' })}>
            <option value="vp8">{t('setup.video.vp8')}</option>
            <option value="vp9">{t('setup.video.vp9')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="video-bitrate">{t('setup.video.bitrate')}</label>
          <input id="video-bitrate" type="number" min={200} max={8000} value={draft.bitrateKbps} onChange={num('bitrateKbps')} />
        </div>
        <div className="field">
          <label htmlFor="video-preroll">{t('setup.video.preRoll')}</label>
          <input id="video-preroll" type="number" min={0} max={30} step={0.5} value={draft.preRollSeconds} onChange={num('preRollSeconds')} />
        </div>
        <div className="field">
          <label htmlFor="video-margin">{t('setup.video.margin')}</label>
          <input id="video-margin" type="number" min={0} max={30} step={0.5} value={draft.endMarginSeconds} onChange={num('endMarginSeconds')} />
        </div>
        <div className="field">
          <label htmlFor="video-days">{t('setup.video.days')}</label>
          <input id="video-days" type="number" min={1} value={draft.retentionDays} onChange={num('retentionDays')} />
        </div>
        <div className="field">
          <label htmlFor="video-gb">{t('setup.video.gb')}</label>
          <input id="video-gb" type="number" min={0.1} step={0.1} value={draft.retentionGb} onChange={num('retentionGb')} />
        </div>
        <button type="submit">{t('setup.video.save')}</button>
      </form>
      {note ? <p role={note.ok ? 'status' : 'alert'}>{note.text}</p> : null}
      {space ? (
        <p aria-label={t('setup.video.spaceLabel')} className="video-space">
          {t('setup.video.space', {
            clips: t('setup.video.clips', { count: space.clips }),
            used: gb(space.bytes, fmt),
            limit: gb(space.retentionBytes, fmt),
            days: t('setup.video.keptDays', { count: space.retentionDays }),
            claims: space.keptForClaims > 0 ? t('setup.video.forClaims', { count: space.keptForClaims }) : '',
          })}{' '}
          {space.lastRetention ? saidWords({ text: space.lastRetention, sentences: space.lastRetentionSentence ? [space.lastRetentionSentence] : undefined }) : ''}
        </p>
      ) : null}
    </section>
  );
}
