// Photos of what came back, from the camera chosen in Setup for packing video, all by keyboard:
// Space or Enter takes a photo, Backspace drops the last, Ctrl+Enter (or the Done button) finishes,
// Esc goes back to the condition. Without a camera the step says so and Enter finishes.
import { useCallback, useEffect, useRef, useState } from 'react';
import { base64Length, MAX_CLAIM_NOTES, MAX_RETURN_PHOTOS, MAX_RETURN_PHOTOS_TOTAL_BYTES } from '../../../../shared/contract/claims.js';
import { useAppStore } from '../../stores/app-store.js';
import { openCamera, takeStill, type Still } from './return-camera.js';
import { useT } from '../../i18n/use-t.js';

interface Props {
  returnId: string;
  /** A claim condition: the notes field is offered and the photos go with the claim. */
  claim: boolean;
  busy: boolean;
  onDone(photos: Still[], notes: string): void;
  onBack(): void;
}

/** Keys typed into the notes, or on a focused button, are theirs. */
const typingIn = (t: EventTarget | null) => t instanceof HTMLElement && (t.tagName === 'TEXTAREA' || t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'BUTTON');

export function PhotoStep({ returnId, claim, busy, onDone, onBack }: Props) {
  const { t } = useT();
  const { cameraId, resolution } = useAppStore((s) => s.settings.video);
  const video = useRef<HTMLVideoElement>(null);
  const box = useRef<HTMLFieldSetElement>(null);
  const [camera, setCamera] = useState<'none' | 'starting' | 'ready' | 'failed'>(cameraId ? 'starting' : 'none');
  const [problem, setProblem] = useState<string>();
  const [photos, setPhotos] = useState<Still[]>([]);
  const [notes, setNotes] = useState('');
  const [said, setSaid] = useState<string>();

  useEffect(() => {
    box.current?.focus();
    if (!cameraId) return;
    let stream: MediaStream | undefined;
    let closed = false;
    openCamera(cameraId, resolution)
      .then((s) => {
        if (closed) return s.getTracks().forEach((t) => t.stop());
        stream = s;
        if (video.current) video.current.srcObject = s;
        setCamera('ready');
      })
      .catch((e: Error) => {
        if (closed) return;
        setCamera('failed');
        setProblem(e.message);
      });
    return () => {
      closed = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [cameraId, resolution]);

  const take = useCallback(async () => {
    if (camera !== 'ready' || !video.current) return;
    if (photos.length >= MAX_RETURN_PHOTOS) {
      setSaid(t('returns.photos.tooMany', { count: MAX_RETURN_PHOTOS }));
      return;
    }
    try {
      const still = await takeStill(video.current);
      const total = [...photos, still].reduce((n, p) => n + p.data.length, 0);
      if (total > base64Length(MAX_RETURN_PHOTOS_TOTAL_BYTES)) {
        setSaid(t('returns.photos.tooBig', { mb: MAX_RETURN_PHOTOS_TOTAL_BYTES / 1024 / 1024 }));
        return;
      }
      setPhotos((p) => [...p, still]);
      setSaid(t('returns.photos.taken', { n: photos.length + 1 }));
    } catch (e) {
      setSaid((e as Error).message);
    }
  }, [camera, photos.length, t]);

  const drop = useCallback(() => {
    if (photos.length === 0) return;
    setPhotos((p) => p.slice(0, -1));
    setSaid(t('returns.photos.dropped', { n: photos.length }));
  }, [photos.length, t]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (busy || e.altKey || e.metaKey) return;
      if (e.key === 'Enter' && e.ctrlKey) {
        e.preventDefault();
        onDone(photos, notes);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        onBack();
        return;
      }
      if (typingIn(e.target) || e.ctrlKey) return;
      if (e.key === ' ' || e.key === 'Enter') {
        e.preventDefault();
        if (camera === 'ready') void take();
        else if (e.key === 'Enter' && camera !== 'starting') onDone(photos, notes);
      } else if (e.key === 'Backspace') {
        e.preventDefault();
        drop();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, camera, drop, notes, onBack, onDone, photos, take]);

  const hint =
    camera === 'ready'
      ? t('returns.photos.hintCamera')
      : camera === 'starting'
        ? t('returns.photos.starting')
        : t('returns.photos.hintNoCamera');
  return (
    <fieldset ref={box} tabIndex={-1} className="panel condition-prompt photo-step" aria-describedby="photo-step-hint">
      <legend>{t('returns.photos.legend', { id: returnId })}</legend>
      <p id="photo-step-hint" className="hint">
        {hint}
      </p>
      {camera === 'none' ? <p role="status">{t('returns.photos.noCamera')}</p> : null}
      {camera === 'failed' ? <p role="alert">{t('returns.photos.cameraFailed', { problem })}</p> : null}
      <div className="photo-step-body">
        {cameraId && camera !== 'failed' ? <video ref={video} className="photo-preview" aria-label={t('returns.photos.camera')} autoPlay muted playsInline /> : null}
        <ol className="photo-strip" aria-label={t('returns.photos.strip')}>
          {photos.map((p, i) => (
            <li key={i}>
              <img src={`data:image/jpeg;base64,${p.data}`} alt={t('returns.photos.alt', { n: i + 1, width: p.width, height: p.height })} />
            </li>
          ))}
        </ol>
      </div>
      <p role="status" aria-live="polite">
        {said ?? (photos.length === 0 ? t('returns.photos.none') : t('returns.photos.count', { count: photos.length }))}
      </p>
      {claim ? (
        <div className="claim-notes">
          <label htmlFor="claim-notes">{t('returns.photos.notes')}</label>
          <textarea id="claim-notes" rows={2} maxLength={MAX_CLAIM_NOTES} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </div>
      ) : null}
      <div className="actions">
        {camera === 'ready' ? (
          <button type="button" onClick={() => void take()} disabled={busy}>
            <kbd>Space</kbd> {t('returns.photos.take')}
          </button>
        ) : null}
        <button type="button" onClick={drop} disabled={busy || photos.length === 0}>
          <kbd>Backspace</kbd> {t('returns.photos.drop')}
        </button>
        <button type="button" onClick={() => onDone(photos, notes)} disabled={busy}>
          <kbd>Ctrl+Enter</kbd> {busy ? t('returns.photos.receiving') : t('returns.photos.done')}
        </button>
        <button type="button" onClick={onBack} disabled={busy}>
          <kbd>Esc</kbd> {t('returns.back')}
        </button>
      </div>
    </fieldset>
  );
}
