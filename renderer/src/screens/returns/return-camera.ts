// Stills of a returned product from the camera chosen in Setup for packing video (the same
// choice, and the same permission: the app grants the camera while one is chosen). A still is the
// video frame drawn on a canvas and encoded as JPEG, sent to the station as base64.
import type { VideoResolution } from '../../../../shared/settings.js';

const JPEG_QUALITY = 0.88;

/** Opens the chosen camera at the packing video's resolution; says why in words when it cannot. */
export async function openCamera(cameraId: string, resolution: VideoResolution): Promise<MediaStream> {
  const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
  if (!media?.getUserMedia) throw new Error('This window cannot use cameras.');
  const [width, height] = resolution.split('x').map(Number) as [number, number];
  try {
    return await media.getUserMedia({ audio: false, video: { deviceId: { exact: cameraId }, width: { ideal: width }, height: { ideal: height } } });
  } catch (e) {
    const name = (e as DOMException).name;
    if (name === 'NotAllowedError') throw new Error('The camera was not allowed for this window.', { cause: e });
    if (name === 'NotFoundError' || name === 'OverconstrainedError') throw new Error('The camera chosen in Setup is not connected.', { cause: e });
    throw new Error(`The camera could not start (${(e as Error).message}).`, { cause: e });
  }
}

export interface Still {
  /** base64 JPEG, as the station takes it. */
  data: string;
  width: number;
  height: number;
}

/** The frame the video shows now, as a JPEG. */
export async function takeStill(video: HTMLVideoElement): Promise<Still> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) throw new Error('The camera has no picture yet. Wait a moment and take the photo again.');
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('This window cannot draw the photo.');
  g.drawImage(video, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  if (!blob) throw new Error('The photo could not be encoded. Take it again.');
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { data: btoa(text), width, height };
}
