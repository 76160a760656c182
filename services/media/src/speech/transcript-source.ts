import { Injectable } from '@nestjs/common';
import { ObjectStorage } from '@reelsmith/kit';
import type { TranscriptJson } from '@reelsmith/proto/http';

/** Where the transcript of a video is kept in the bucket (written by the transcript job). */
export const transcriptKey = (videoId: string) => `derived/${videoId}/transcript.json`;

/** A video's transcript, as captions and subtitles read it; null when there is none (yet). */
export abstract class TranscriptSource {
  abstract find(videoId: string): Promise<TranscriptJson | null>;
}

/** The transcript as the transcript job keeps it (transcriptKey). */
@Injectable()
export class StoredTranscripts extends TranscriptSource {
  constructor(private readonly storage: ObjectStorage) {
    super();
  }

  async find(videoId: string): Promise<TranscriptJson | null> {
    const key = transcriptKey(videoId);
    if (!(await this.storage.stat(key))) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of await this.storage.read(key)) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as TranscriptJson;
  }
}

/** A transcript with words to show: ready, and not empty. */
export const hasWords = (t: TranscriptJson): boolean => t.status === 'ready' && t.words.length > 0;
