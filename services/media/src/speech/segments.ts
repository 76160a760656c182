import type { SpeechSegment } from '@reelsmith/proto/http';
import { VoiceActivity } from './vad';

const vad = new VoiceActivity();

/** The speech segments the transcribers decode: the Silero VAD's (speech/vad.ts), on 16 kHz mono samples. */
export function speechSegmentsOf(audio: Float32Array): Promise<SpeechSegment[]> {
  return vad.detect(audio);
}
