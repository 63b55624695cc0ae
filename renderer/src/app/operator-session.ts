// The signed-in operator at the desk, app-wide: the station's operators followed, a badge scan
// anywhere signs in (or switches), Alt+O signs out, and so does the idle timeout of Setup. The
// station keeps the sign-in across a restart; activity is reported to it now and then.
import { useEffect } from 'react';
import type { StationApi } from '../../../shared/contract.js';
import { onBadgeScan } from '../scan/scan-router.js';
import { useAppStore } from '../stores/app-store.js';
import { followOperators, signInWithBadge, signOut, signedInOperator } from '../stores/operator-store.js';

/** How often the idle timeout is looked at: a sign-out comes at most this late. */
const IDLE_CHECK_MS = 15_000;
/** Activity is told to the station at most this often (it writes it at most once a minute). */
const ACTIVITY_REPORT_MS = 30_000;

export function idleExpired(lastActivity: number, now: number, idleMinutes: number): boolean {
  return idleMinutes > 0 && now - lastActivity >= idleMinutes * 60_000;
}

export const isSignOutKey = (e: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'code'>) => e.altKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyO';

export function useOperatorSession(api: StationApi, epoch: number): void {
  useEffect(() => followOperators(api), [api, epoch]);
  useEffect(() => onBadgeScan((code) => void signInWithBadge(api, code)), [api]);
  useEffect(() => {
    let last = Date.now();
    let reported = Number.NEGATIVE_INFINITY;
    const active = () => {
      last = Date.now();
      // The station keeps the sign-in across a restart while the operator is active.
      if (!signedInOperator() || last - reported < ACTIVITY_REPORT_MS) return;
      reported = last;
      api.invoke('operators.active', {}).catch(() => undefined);
    };
    const onKey = (e: KeyboardEvent) => {
      active();
      if (!isSignOutKey(e)) return;
      e.preventDefault();
      void signOut(api, 'key');
    };
    const offScan = api.subscribe('device.scan', active);
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', active);
    const timer = setInterval(() => {
      if (signedInOperator() && idleExpired(last, Date.now(), useAppStore.getState().settings.operators.idleMinutes)) void signOut(api, 'idle');
    }, IDLE_CHECK_MS);
    return () => {
      offScan();
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', active);
      clearInterval(timer);
    };
  }, [api]);
}
