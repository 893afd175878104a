import { useEffect, useRef, useState } from 'react';
import { api, errorText } from '../../lib/api.ts';
import { QR_REFRESH_SECONDS } from '../../shared/class-labels.ts';
import type { AttendanceSheet, QrAnswer } from '../../shared/classes.ts';
import { dateTimeIst } from '../../shared/dates.ts';
import { handleSessionEnd } from '../admin/session.ts';
import { qrDrawing } from './qr.ts';

type Props = { batchId: string; session: { id: string; title: string; startsAt: string }; onClose: () => void };

/**
 * "Show check-in QR": the classroom session's code over the whole window, big enough to scan from
 * the back of the room. A fresh token is asked for every QR_REFRESH_SECONDS (well before it
 * expires), so a photo of the code forwarded to someone absent is refused by the time it arrives.
 * The count is the session's check-ins in the attendance sheet, read at each refresh.
 */
export function CheckinQr({ batchId, session, onClose }: Props) {
  const [qr, setQr] = useState<QrAnswer | null>(null);
  const [count, setCount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = async () => {
      try {
        const answer = await api<QrAnswer>(`/admin/sessions/${session.id}/qr`);
        if (!live) return;
        setQr(answer);
        setError(null);
        const left = new Date(answer.expiresAt).getTime() - Date.now();
        timer = setTimeout(refresh, Math.max(1000, Math.min(QR_REFRESH_SECONDS * 1000, left - 5000)));
      } catch (failure) {
        if (!live || handleSessionEnd(failure)) return;
        setError(errorText(failure, 'The QR code could not be loaded. Trying again...'));
        timer = setTimeout(refresh, 3000);
      }
      api<AttendanceSheet>(`/admin/batches/${batchId}/attendance`)
        .then((sheet) => {
          if (!live) return;
          setCount(sheet.learners.filter((l) => l.entries[session.id]?.source === 'checkin' && l.entries[session.id]?.present).length);
        })
        .catch(() => undefined);
    };
    void refresh();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [batchId, session.id]);

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const url = qr ? new URL(qr.checkinUrl, location.origin).href : '';
  const drawing = url ? qrDrawing(url) : null;
  return (
    <div className="checkin-qr" role="dialog" aria-modal="true" aria-labelledby="checkin-qr-title">
      <div className="checkin-qr-head">
        <div>
          <h2 id="checkin-qr-title">{session.title}</h2>
          <p className="muted">{dateTimeIst.format(new Date(session.startsAt))} · Scan with your phone, logged in, to check in</p>
        </div>
        <button ref={closeRef} type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
      {drawing ? (
        <svg
          className="checkin-qr-code"
          viewBox={`0 0 ${drawing.size} ${drawing.size}`}
          role="img"
          aria-label="Check-in QR code"
          data-checkin-url={url}
          shapeRendering="crispEdges"
        >
          <rect width={drawing.size} height={drawing.size} fill="#fff" />
          <path d={drawing.path} fill="#000" />
        </svg>
      ) : (
        <p className="checkin-qr-code checkin-qr-wait" role="status">
          {error ?? 'Loading...'}
        </p>
      )}
      <p className="checkin-qr-count" role="status" aria-live="polite">
        {count === null ? '\u00a0' : `${count} checked in`}
        {error && drawing ? <span className="checkin-qr-error"> · {error}</span> : null}
      </p>
    </div>
  );
}
