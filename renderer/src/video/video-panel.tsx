// Activity → Video: find the clip of a shipment (by shipment, order, tracking id, IMEI or SKU),
// play it with the scans beside it (each one jumps the video to its moment), keep it for a claim,
// and export it: the seekable clip and a one-page PDF, in a folder the station names.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ResultOf } from '../../../shared/contract.js';
import type { ClipMark, ClipView } from '../../../shared/contract/video.js';
import { errorWords } from '../app/errors.js';
import { useStation } from '../app/station-context.js';
import { istStamp } from './ist-stamp.js';
import { msgKey } from '../i18n/i18n.js';
import { useT } from '../i18n/use-t.js';
import './video.css';

const mmss = (ms: number) => `${String(Math.floor(ms / 60_000)).padStart(2, '0')}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`;
const seconds = (c: ClipView) => (c.endedAt ? Math.round((Date.parse(c.endedAt) - Date.parse(c.startedAt)) / 1000) : undefined);
const STATE_WORDS: Record<ClipView['state'], string> = { recording: msgKey('activity.video.recording'), complete: '', cut: msgKey('activity.video.cut') };

function base64Bytes(data: string): Uint8Array<ArrayBuffer> {
  const text = atob(data);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

export function VideoPanel() {
  const api = useStation();
  const { t } = useT();
  const [text, setText] = useState('');
  const [clips, setClips] = useState<ClipView[]>();
  const [open, setOpen] = useState<{ clip: ClipView; marks: ClipMark[]; url?: string }>();
  const [note, setNote] = useState<{ ok: boolean; text: string }>();
  const [exported, setExported] = useState<ResultOf<'video.export'>>();
  const player = useRef<HTMLVideoElement>(null);

  async function find(e?: FormEvent) {
    e?.preventDefault();
    try {
      const found = await api.invoke('video.find', { text: text.trim() || undefined, limit: 50 });
      setClips(found);
      // No clip yet is a plain fact, not a problem; a search that finds none is said as one.
      setNote(found.length === 0 ? (text.trim() ? { ok: false, text: t('activity.video.noMatch', { text: text.trim() }) } : { ok: true, text: t('activity.video.none') }) : undefined);
    } catch (err) {
      setNote({ ok: false, text: errorWords(err) });
    }
  }

  useEffect(() => {
    void find();
    // Only on opening: later searches are the user's.
  }, [api]);
  useEffect(() => () => void (open?.url && URL.revokeObjectURL(open.url)), [open?.url]);

  async function play(clip: ClipView) {
    setExported(undefined);
    setNote({ ok: true, text: t('activity.video.opening', { id: clip.shipmentId }) });
    try {
      const timeline = await api.invoke('video.timeline', { clipId: clip.clipId });
      setOpen({ ...timeline });
      const parts: Uint8Array<ArrayBuffer>[] = [];
      let offset = 0;
      let total = 1;
      while (offset < total) {
        const piece = await api.invoke('video.read', { clipId: clip.clipId, offset });
        total = piece.total;
        const bytes = base64Bytes(piece.data);
        if (bytes.length === 0) break;
        parts.push(bytes);
        offset += bytes.length;
      }
      setOpen({ ...timeline, url: URL.createObjectURL(new Blob(parts, { type: 'video/webm' })) });
      setNote(undefined);
    } catch (err) {
      setNote({ ok: false, text: errorWords(err) });
    }
  }

  function jump(mark: ClipMark) {
    const v = player.current;
    if (!v) return;
    v.currentTime = mark.offsetMs / 1000;
    void v.play().catch(() => undefined);
  }

  async function keep(clip: ClipView, value: boolean) {
    try {
      const next = await api.invoke('video.keep', { clipId: clip.clipId, keep: value });
      setOpen((o) => (o ? { ...o, clip: next } : o));
      setClips((list) => list?.map((c) => (c.clipId === next.clipId ? next : c)));
    } catch (err) {
      setNote({ ok: false, text: errorWords(err) });
    }
  }

  async function exportClip(clip: ClipView) {
    setNote({ ok: true, text: t('activity.video.exporting') });
    try {
      const out = await api.invoke('video.export', { clipId: clip.clipId });
      setExported(out);
      setNote({ ok: true, text: t('activity.video.exported', { folder: out.folder }) });
    } catch (err) {
      setNote({ ok: false, text: errorWords(err) });
    }
  }

  return (
    <section aria-label={t('activity.video.title')} className="panel video-section">
      <h2>{t('activity.video.title')}</h2>
      <form aria-label={t('activity.video.findForm')} className="inline-form" onSubmit={(e) => void find(e)}>
        <div className="field">
          <label htmlFor="video-find">{t('activity.video.findLabel')}</label>
          <input id="video-find" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <button type="submit">{t('activity.video.find')}</button>
      </form>
      {note ? <p role={note.ok ? 'status' : 'alert'}>{note.text}</p> : null}
      <div className="video-panel">
        <ul aria-label={t('activity.video.clips')}>
          {(clips ?? []).map((c) => (
            <li key={c.clipId}>
              <button type="button" aria-pressed={open?.clip.clipId === c.clipId} onClick={() => void play(c)}>
                {c.shipmentId} · {istStamp(new Date(c.startedAt))}
                {seconds(c) !== undefined ? ` · ${t('activity.video.seconds', { n: seconds(c) })}` : ''}
                {STATE_WORDS[c.state] ? ` · ${t(STATE_WORDS[c.state])}` : ''}
                {c.keep ? ` · ${t('activity.video.kept')}` : ''}
              </button>
            </li>
          ))}
        </ul>
        {open ? (
          <div aria-label={t('activity.video.clipOf', { id: open.clip.shipmentId })} role="region">
            {open.url ? <video ref={player} src={open.url} controls aria-label={t('activity.video.player')} /> : <p role="status">{t('activity.video.loading')}</p>}
            <p>
              {t('activity.video.orders', { ids: open.clip.orderIds.join(', ') || '—' })} · {open.clip.desk} · {open.clip.operator || t('activity.video.noOperator')}
              {open.clip.trackingIds.length ? ` · ${t('activity.video.tracking', { ids: open.clip.trackingIds.join(', ') })}` : ''}
            </p>
            <ol aria-label={t('activity.video.timeline')} className="video-timeline">
              {open.marks.map((m, i) => (
                <li key={i} className={m.ok ? 'mark-ok' : 'mark-bad'}>
                  <button type="button" onClick={() => jump(m)} disabled={!open.url}>
                    {mmss(m.offsetMs)}
                  </button>
                  <span>
                    {m.ok ? '✔' : '✘'} {m.text}
                  </span>
                </li>
              ))}
            </ol>
            <label className="check">
              <input type="checkbox" checked={open.clip.keep} onChange={(e) => void keep(open.clip, e.target.checked)} /> {t('activity.video.keep')}
            </label>{' '}
            <button type="button" onClick={() => void exportClip(open.clip)}>
              {t('activity.video.export')}
            </button>
            {exported ? (
              <p aria-label={t('activity.video.exportedFiles')}>
                {exported.clip}
                <br />
                {exported.pdf}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
