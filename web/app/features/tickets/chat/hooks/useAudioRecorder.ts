import { useCallback, useEffect, useRef, useState } from "react";

export type RecorderState = "idle" | "recording" | "encoding";

/**
 * The microphone through MediaRecorder. stop() answers the raw recording; cancel() throws it away. The
 * stream's tracks are always released, so the browser's recording indicator goes off.
 */
export function useAudioRecorder() {
  const [state, setState] = useState<RecorderState>("idle");
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const timer = useRef<ReturnType<typeof setInterval>>();

  const release = useCallback(() => {
    clearInterval(timer.current);
    recorder.current?.stream.getTracks().forEach((track) => track.stop());
    recorder.current = null;
  }, []);

  useEffect(() => () => {
    if (recorder.current?.state === "recording") recorder.current.stop();
    release();
  }, [release]);

  const start = useCallback(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const media = new MediaRecorder(stream);
    chunks.current = [];
    media.ondataavailable = (e) => {
      if (e.data.size) chunks.current.push(e.data);
    };
    recorder.current = media;
    media.start();
    setSeconds(0);
    const startedAt = Date.now();
    timer.current = setInterval(() => setSeconds(Math.floor((Date.now() - startedAt) / 1000)), 250);
    setState("recording");
  }, []);

  const stop = useCallback(
    () =>
      new Promise<Blob | null>((resolve) => {
        const media = recorder.current;
        if (!media || media.state !== "recording") {
          resolve(null);
          return;
        }
        media.onstop = () => {
          const blob = new Blob(chunks.current, { type: media.mimeType || "audio/webm" });
          release();
          resolve(blob);
        };
        setState("encoding");
        media.stop();
      }),
    [release],
  );

  const cancel = useCallback(() => {
    const media = recorder.current;
    if (media) {
      media.onstop = null;
      if (media.state === "recording") media.stop();
    }
    release();
    setState("idle");
  }, [release]);

  const done = useCallback(() => setState("idle"), []);

  return { state, seconds, start, stop, cancel, done };
}
