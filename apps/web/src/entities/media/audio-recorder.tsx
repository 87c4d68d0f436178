import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';

/** The first recording format this browser's MediaRecorder offers (Safari records MP4, the others WebM). */
function recordingType(): string {
  const types = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'];
  return types.find((t) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(t)) ?? '';
}

const extensionOf = (mime: string) => (mime.includes('mp4') ? 'm4a' : mime.includes('ogg') ? 'ogg' : 'webm');

export const canRecordAudio = () => typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

/** Records from the microphone with MediaRecorder and hands over the recording as a file. */
export function AudioRecorder({ onRecorded }: { onRecorded: (file: File) => void }) {
  const [state, setState] = useState<'idle' | 'starting' | 'recording' | 'denied'>('idle');
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);

  useEffect(() => {
    if (state !== 'recording') return;
    const t = window.setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => window.clearInterval(t);
  }, [state]);

  // Leaving mid-recording releases the microphone.
  useEffect(() => () => recorder.current?.stream.getTracks().forEach((t) => t.stop()), []);

  const start = async () => {
    setState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const mimeType = recordingType();
      const rec = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      const chunks: Blob[] = [];
      rec.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
      rec.onstop = () => {
        stream.getTracks().forEach((t) => t.stop());
        const type = rec.mimeType || mimeType || 'audio/webm';
        const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
        if (chunks.length) onRecorded(new File(chunks, `recording-${stamp}.${extensionOf(type)}`, { type: type.split(';')[0] }));
        recorder.current = null;
        setState('idle');
      };
      recorder.current = rec;
      rec.start();
      setSeconds(0);
      setState('recording');
    } catch {
      setState('denied');
    }
  };

  if (state === 'recording')
    return (
      <div className="flex flex-wrap items-center gap-3" role="status">
        <span className="inline-flex items-center gap-2 text-sm font-medium text-red-800">
          <span className="h-3 w-3 animate-pulse rounded-full bg-red-600" aria-hidden="true" />
          <FormattedMessage
            id="web_rating_recording"
            values={{ time: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}` }}
          />
        </span>
        <Button variant="danger" onClick={() => recorder.current?.stop()}>
          <FormattedMessage id="web_rating_record_stop" />
        </Button>
      </div>
    );
  return (
    <div className="space-y-2">
      <Button variant="secondary" busy={state === 'starting'} onClick={() => void start()}>
        <span className="h-3 w-3 rounded-full bg-red-600" aria-hidden="true" />
        <FormattedMessage id="web_rating_record_audio" />
      </Button>
      {state === 'denied' && (
        <Alert>
          <FormattedMessage id="web_rating_record_denied" />
        </Alert>
      )}
    </div>
  );
}
