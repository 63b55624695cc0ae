// The header's word on packing video: shown only while a camera is configured. A missing camera
import './video.css';
// is said plainly, with why; packing goes on either way.
import { useVideoStore, type CameraState } from './video-store.js';

const WORDS: Record<Exclude<CameraState, 'off' | 'recording'>, string> = {
  missing: 'Camera missing — not filming',
  failed: 'Not filming',
  elsewhere: 'Camera: filming in another window',
  starting: 'Camera: starting…',
  ready: 'Camera: ready',
};

export function CameraChip() {
  const { camera, problem, shipmentId } = useVideoStore();
  if (camera === 'off') return null;
  const words = camera === 'recording' ? `Camera: filming ${shipmentId ?? ''}` : WORDS[camera];
  return (
    <span className={`chip camera-chip camera-${camera}`} role="status" title={problem ?? words} data-testid="camera-chip">
      {words}
      {(camera === 'missing' || camera === 'failed') && problem ? <span className="chip-detail"> — {problem}</span> : null}
    </span>
  );
}
