// Activity → Video: find the clip of a shipment (by shipment, order, tracking id, IMEI or SKU),
// play it with the scans beside it (each one jumps the video to its moment), keep it for a claim,
// and export it: the seekable clip and a one-page PDF, in a folder the station names.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ResultOf } from '../../../shared/contract.js';
import type { ClipMark, ClipView } from '../../../shared/contract/video.js';
import { errorWords } from '../app/errors.js';
import { useStation } from '../app/station-context.js';
import { istStamp } from './ist-stamp.js';
import './video.css';

const mmss = (ms: number) => `${String(Math.floor(ms / 60_000)).padStart(2, '0')}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`;
const seconds = (c: ClipView) => (c.endedAt ? Math.round((Date.parse(c.endedAt) - Date.parse(c.startedAt)) / 1000) : undefined);
const STATE_WORDS: Record<ClipView['state'], string> = { recording: 'recording now', complete: '', cut: 'cut short by a restart' };

function base64Bytes(data: string): Uint8Array<ArrayBuffer> {
  const text = atob(data);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

export function VideoPanel() {
  const api = useStation();
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
      setNote(found.length === 0 ? { ok: false, text: text.trim() ? `No clip matches "${text.trim()}".` : 'No clips yet.' } : undefined);
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
    setNote({ ok: true, text: `Opening the clip of ${clip.shipmentId}…` });
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
    setNote({ ok: true, text: 'Exporting…' });
    try {
      const out = await api.invoke('video.export', { clipId: clip.clipId });
      setExported(out);
      setNote({ ok: true, text: `Exported to ${out.folder}` });
    } catch (err) {
      setNote({ ok: false, text: errorWords(err) });
    }
  }

  return (
    <section aria-label="Video" className="panel video-section">
      <h2>Video</h2>
      <form aria-label="Find a clip" className="inline-form" onSubmit={(e) => void find(e)}>
        <div className="field">
          <label htmlFor="video-find">Shipment, order, tracking id, IMEI or SKU</label>
          <input id="video-find" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <button type="submit">Find clip</button>
      </form>
      {note ? <p role={note.ok ? 'status' : 'alert'}>{note.text}</p> : null}
      <div className="video-panel">
        <ul aria-label="Clips">
          {(clips ?? []).map((c) => (
            <li key={c.clipId}>
              <button type="button" aria-pressed={open?.clip.clipId === c.clipId} onClick={() => void play(c)}>
                {c.shipmentId} · {istStamp(new Date(c.startedAt))}
                {seconds(c) !== undefined ? ` · ${seconds(c)} s` : ''}
                {STATE_WORDS[c.state] ? ` · ${STATE_WORDS[c.state]}` : ''}
                {c.keep ? ' · kept for a claim' : ''}
              </button>
            </li>
          ))}
        </ul>
        {open ? (
          <div aria-label={`Clip of ${open.clip.shipmentId}`} role="region">
            {open.url ? <video ref={player} src={open.url} controls aria-label="Clip player" /> : <p role="status">Loading the clip…</p>}
            <p>
              Orders {open.clip.orderIds.join(', ') || '—'} · {open.clip.desk} · {open.clip.operator || 'no operator'}
              {open.clip.trackingIds.length ? ` · tracking ${open.clip.trackingIds.join(', ')}` : ''}
            </p>
            <ol aria-label="Scan timeline" className="video-timeline">
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
              <input type="checkbox" checked={open.clip.keep} onChange={(e) => void keep(open.clip, e.target.checked)} /> Keep for a claim (never deleted by retention)
            </label>{' '}
            <button type="button" onClick={() => void exportClip(open.clip)}>
              Export for a claim
            </button>
            {exported ? (
              <p aria-label="Exported files">
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
