import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { ObjectStorage } from '@reelsmith/kit';
import type { TranscriptJson } from '@reelsmith/proto/http';
import { transcriptKey } from './transcript';

/** Where transcripts are kept (derived/{videoId}/transcript.json): the only place that reads or writes them. */
@Injectable()
export class TranscriptStore {
  constructor(private readonly storage: ObjectStorage) {}

  /** The kept transcript of a video, or null when none was kept. */
  find(videoId: string): Promise<TranscriptJson | null> {
    return this.storage.readJson<TranscriptJson>(transcriptKey(videoId));
  }

  async keep(transcript: TranscriptJson): Promise<void> {
    await this.storage.writeStream(transcriptKey(transcript.videoId), Readable.from([Buffer.from(JSON.stringify(transcript))]), 'application/json');
  }

  async remove(videoId: string): Promise<void> {
    await this.storage.remove([transcriptKey(videoId)]);
  }
}
