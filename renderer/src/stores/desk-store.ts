// The pack desk as the station computes it (DeskView), plus what the renderer adds: which
// command is in flight and the wave panel. Every outcome lands in the status line with its
// sound, once: replies speak for the command that caused them, events speak only for what
// happened in the background (a label printed, a wave dispatched).
import { create } from 'zustand';
import type { ArgsOf, PayloadOf, ResultOf, StationApi } from '../../../shared/contract.js';
import type { DeskView } from '../../../shared/contract/desk.js';
import { deskWords } from '../app/desk-words.js';
import { errorWords } from '../app/errors.js';
import { playSound } from '../sound/feedback-sound.js';
import { deskCue } from '../sound/cues.js';
import { msgKey, tr } from '../i18n/i18n.js';
import { say, SCREEN_HINTS, useAppStore } from './app-store.js';
import { asPreviewed, type WavePlan } from './wave-store.js';

export type WaveSummary = ResultOf<'wave.run'>;
export type WaveProgress = PayloadOf<'wave.progress'>;
export type LabelJob = DeskView['jobs'][number];

export interface WaveState {
  running: boolean;
  progress?: WaveProgress;
  summary?: WaveSummary;
  error?: string;
}

interface DeskState {
  view?: DeskView;
  /** Commands in flight; while any is, events do not speak (the reply will). */
  inFlight: number;
  wave: WaveState;
  dispatchResults?: ResultOf<'desk.dispatchWave'>;
}

const initial = (): DeskState => ({ view: undefined, inFlight: 0, wave: { running: false }, dispatchResults: undefined });

export const useDeskStore = create<DeskState>()(() => initial());

export function resetDeskStore(): void {
  useDeskStore.setState(initial());
}

function speak(feedback: DeskView['feedback'], cue: ReturnType<typeof deskCue> | DeskView['feedback']['sound'] = feedback.sound): void {
  say(feedback.tone, deskWords(feedback));
  // The spoken word is chosen by the keys of the station's sentences (sound/spoken-words.ts).
  playSound(cue, { sentences: feedback.sentences });
}

/** Label jobs that reached an end since the last view: the packer has moved on, so say it. */
function announceJobs(before: DeskView | undefined, after: DeskView): void {
  const was = new Map((before?.jobs ?? []).map((j) => [j.shipmentId, j]));
  for (const job of after.jobs) {
    const prior = was.get(job.shipmentId);
    // A waiting label is said again when its reason changes (paper out, then cover open).
    if (prior?.status === job.status && (job.status !== 'waitingPrinter' || prior.text === job.text)) continue;
    const words = tr('pack.say.job', { id: job.shipmentId, text: deskWords(job) });
    if (job.status === 'printed' || job.status === 'dispatched') say('ok', words);
    // Not yet on paper: said plainly (not in green), so no one reprints nor ships a bare box.
    if (job.status === 'waitingPrinter') say('info', words);
    if (job.status === 'failed') {
      say('error', words);
      playSound('lead');
    }
  }
}

function receive(view: DeskView, fromReply: boolean, beforeCommand?: DeskView): void {
  const before = useDeskStore.getState().view;
  useDeskStore.setState({ view });
  if (fromReply) {
    // Against the view before the command: its own desk.changed event may have come first.
    speak(view.feedback, deskCue(beforeCommand ?? before, view));
    return;
  }
  announceJobs(before, view);
  const same = before && before.feedback.text === view.feedback.text && before.feedback.tone === view.feedback.tone;
  if (!same && useDeskStore.getState().inFlight === 0) speak(view.feedback);
}

async function run<T>(work: () => Promise<T>): Promise<T | undefined> {
  useDeskStore.setState((s) => ({ inFlight: s.inFlight + 1 }));
  try {
    return await work();
  } catch (e) {
    say('error', errorWords(e));
    // The station or the marketplace refused: not something another scan fixes.
    playSound('lead');
    return undefined;
  } finally {
    useDeskStore.setState((s) => ({ inFlight: s.inFlight - 1 }));
  }
}

/** Follows desk and wave events; returns the function that stops following. */
export function followDesk(api: StationApi): () => void {
  const offs = [
    api.subscribe('desk.changed', (view) => receive(view, false)),
    api.subscribe('wave.progress', (progress) => useDeskStore.setState((s) => ({ wave: { ...s.wave, progress } }))),
  ];
  void api.invoke('desk.view', {}).then(
    (answer) => {
      const before = useDeskStore.getState().view;
      // The first view after a start keeps the station's words (a restored shipment says so).
      const view = before || answer.feedback.tone === 'error' ? onArrival(answer) : answer;
      useDeskStore.setState({ view });
      if (!before) say(view.feedback.tone, deskWords(view.feedback));
      else {
        // Labels that printed (or failed) while another screen showed are said on coming back.
        announceJobs(before, view);
        if (view.feedback !== answer.feedback) say(view.feedback.tone, deskWords(view.feedback));
      }
    },
    (e: unknown) => say('error', errorWords(e)),
  );
  return () => offs.forEach((off) => off());
}

/**
 * The desk as the Pack screen shows it on arriving there: the station's last words were said
 * about the last scan, perhaps minutes and another screen ago. An open shipment is described as
 * it stands now; a refusal whose moment has passed is not shown in red again.
 */
export function onArrival(view: DeskView): DeskView {
  const s = view.session;
  if (s) {
    const units = s.lines.reduce((a, l) => a + l.quantity, 0);
    const verified = s.lines.reduce((a, l) => a + l.verified, 0);
    const next = { serial: msgKey('pack.say.nextSerial'), verifying: msgKey('pack.say.nextUnit'), measuring: msgKey('pack.say.nextMeasure'), ready: msgKey('pack.say.nextPack') }[s.phase];
    return { ...view, feedback: { tone: 'info', text: tr('pack.say.isOpen', { id: s.shipmentId, verified, count: units, next: tr(next) }), sound: 'none' } };
  }
  if (view.feedback.tone === 'error') return { ...view, feedback: { tone: 'info', text: tr(SCREEN_HINTS.pack), sound: 'none' } };
  return view;
}

async function deskCommand(work: () => Promise<DeskView>): Promise<DeskView | undefined> {
  const before = useDeskStore.getState().view;
  const view = await run(work);
  if (view) receive(view, true, before);
  return view;
}

export async function scan(api: StationApi, raw: string, source: ArgsOf<'desk.scan'>['source']): Promise<void> {
  const view = await deskCommand(() => api.invoke('desk.scan', { raw, source }));
  // The final scan of a shipment that is measured already packs it: no extra key press.
  if (view?.session?.phase === 'ready' && view.feedback.tone !== 'error') await pack(api);
}

/** The desk as the measurement left it; undefined when it did not reach the station. */
export async function measure(api: StationApi, args: ArgsOf<'desk.measure'>): Promise<DeskView | undefined> {
  return deskCommand(() => api.invoke('desk.measure', args));
}

/**
 * Scans made while the station is away wait in the page and go in order; a key that acts on the
 * shipment (pack, put aside) would act on a state the station has not reached yet, so it is
 * refused out loud instead of being lost without a word.
 */
function refusedWhileOffline(what: string): boolean {
  if (useAppStore.getState().connection === 'online') return false;
  say('error', tr('pack.say.offline', { what: tr(what) }));
  playSound('failure');
  return true;
}

export async function pack(api: StationApi): Promise<void> {
  if (refusedWhileOffline(msgKey('pack.say.thePack'))) return;
  await deskCommand(() => api.invoke('desk.pack', {}));
}

export async function undoLastScan(api: StationApi): Promise<void> {
  await deskCommand(() => api.invoke('desk.undo', {}));
}

export async function removeSerial(api: StationApi, serial: string): Promise<void> {
  await deskCommand(() => api.invoke('desk.removeSerial', { serial }));
}

export async function putAside(api: StationApi): Promise<void> {
  if (refusedWhileOffline(msgKey('pack.say.puttingAside'))) return;
  await deskCommand(() => api.invoke('desk.putAside', {}));
}

export async function dispatchWave(api: StationApi): Promise<void> {
  const results = await run(() => api.invoke('desk.dispatchWave', {}));
  if (!results) return;
  useDeskStore.setState({ dispatchResults: results });
  const failed = results.filter((r) => !r.ok);
  if (results.length === 0) say('info', tr('pack.wave.say.nothingWaiting'));
  else if (failed.length === 0) say('ok', tr('pack.wave.say.dispatched', { count: results.length }));
  else {
    say('error', tr('pack.wave.say.dispatchedSome', { marked: results.length - failed.length, failed: failed.length, problem: deskWords(failed[0]!) }));
    playSound('failure');
  }
}

export function summarizeWave(s: WaveSummary): string {
  const parts = [tr('pack.wave.say.packed', { count: s.packed })];
  if (s.labelsPages > 0) parts.push(tr('pack.wave.say.pages', { count: s.labelsPages }));
  if (s.dispatched > 0) parts.push(tr('pack.wave.say.marked', { n: s.dispatched }));
  if (s.skipped.length > 0) parts.push(tr('pack.wave.say.leftOut', { n: s.skipped.length }));
  if (s.failed.length > 0) parts.push(tr('pack.wave.say.failed', { n: s.failed.length }));
  let text = tr('pack.wave.say.summary', { parts: parts.join(', '), seconds: Math.max(1, Math.round(s.elapsedMs / 1000)) });
  if (s.capped) text += tr('pack.wave.say.capped');
  return text;
}

/** `previewed`: what the confirmed preview left out and why, said again in the summary. */
export async function runWave(api: StationApi, args: ArgsOf<'wave.run'>, previewed: WavePlan['skipped'] = []): Promise<void> {
  useDeskStore.setState({ wave: { running: true, progress: { step: 'start', text: tr('pack.wave.say.starting') } } });
  say('info', tr('pack.wave.say.started'));
  try {
    const answer = await api.invoke('wave.run', args);
    const summary = { ...answer, skipped: asPreviewed(answer.skipped, previewed) };
    useDeskStore.setState({ wave: { running: false, summary } });
    const bad = summary.failed.length > 0;
    say(bad ? 'error' : 'ok', tr('pack.wave.say.finished', { summary: summarizeWave(summary) }));
    playSound(bad ? 'failure' : 'success');
  } catch (e) {
    useDeskStore.setState({ wave: { running: false, error: errorWords(e) } });
    say('error', tr('pack.wave.say.stopped', { reason: errorWords(e) }));
    playSound('failure');
  }
}
