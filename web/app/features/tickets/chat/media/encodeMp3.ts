import { MP3_KBPS } from "../rules/composer";

/** Samples per MP3 frame for MPEG-1 Layer III: the encoder takes whole frames best. */
const FRAME = 1152;

function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return out;
}

/**
 * A recording (whatever the browser's MediaRecorder made) re-encoded as mono MP3 at 128 kbps (spec 000 section 9).
 * The encoder is loaded only when someone records.
 */
export async function encodeMp3(recording: Blob): Promise<Blob> {
  const [{ Mp3Encoder }, buffer] = await Promise.all([import("@breezystack/lamejs"), recording.arrayBuffer()]);
  const context = new AudioContext();
  try {
    const audio = await context.decodeAudioData(buffer);
    const samples = toInt16(audio.getChannelData(0));
    const encoder = new Mp3Encoder(1, audio.sampleRate, MP3_KBPS);
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < samples.length; i += FRAME) {
      const part = encoder.encodeBuffer(samples.subarray(i, i + FRAME));
      if (part.length) chunks.push(part);
    }
    const tail = encoder.flush();
    if (tail.length) chunks.push(tail);
    return new Blob(chunks as BlobPart[], { type: "audio/mpeg" });
  } finally {
    void context.close();
  }
}
