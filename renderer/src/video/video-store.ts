// What the packing video is doing, for the header and Setup: off (no camera chosen), ready,
// recording a shipment, or the camera missing (the desk goes on packing; filming resumes when
// the camera is back).
import { create } from 'zustand';

/**
 * 'failed': the station refused the clip (restarting, disk full); the camera itself is fine.
 * 'elsewhere': another window of this desk films; this one leaves the camera to it.
 */
export type CameraState = 'off' | 'starting' | 'ready' | 'recording' | 'missing' | 'failed' | 'elsewhere';

interface VideoState {
  camera: CameraState;
  /** Why the camera is missing, in words. */
  problem?: string;
  shipmentId?: string;
}

export const useVideoStore = create<VideoState>()(() => ({ camera: 'off' }));

export function setCameraState(camera: CameraState, details: { problem?: string; shipmentId?: string } = {}): void {
  useVideoStore.setState({ camera, problem: details.problem, shipmentId: details.shipmentId });
}
