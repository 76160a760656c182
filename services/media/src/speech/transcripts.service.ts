import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JobPublisher, RpcFailure } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { MAX_TRANSCRIPT_WORDS, TRANSCRIPT_LANGUAGES, type TranscriptJson, type TranscriptWord } from '@reelsmith/proto/http';
import { create } from '@bufbuild/protobuf';
import type { VideoEntity } from '../entities/video.entity';
import { VideoAccess } from '../video-access';
import { VideosRepository } from '../videos.repository';
import { DEFAULT_TRANSCRIPT_LANGUAGE, NO_SOUND_MESSAGE, PENDING_MESSAGE, readyTranscript, transcriptWithout } from './transcript';
import { TranscriptStore } from './transcript-store';

/** How far past the video's end a corrected word may reach (the last frame's rounding). */
const END_SLACK_SECONDS = 0.5;
const MAX_WORD_CHARS = 100;

/** The transcript RPCs of the media API: read, correct, transcribe again (the worker makes them). */
@Injectable()
export class TranscriptsService {
  constructor(
    private readonly videos: VideosRepository,
    private readonly store: TranscriptStore,
    private readonly jobs: JobPublisher,
    private readonly access: VideoAccess,
  ) {}

  /** Read by the owner and by teammates of its team folder; corrected and remade by the owner only. */
  async get(userId: string, videoId: string): Promise<mediaV1.Transcript> {
    const video = await this.access.visible(userId, videoId);
    if (!video) throw RpcFailure.notFound('Video not found');
    return transcriptMessage(await this.current(video));
  }

  async edit(request: mediaV1.TranscriptsEditRequest): Promise<mediaV1.Transcript> {
    const video = await this.owned(request.userId, request.videoId);
    const kept = await this.store.find(video.id);
    if (kept?.status !== 'ready') throw RpcFailure.conflict('This video has no transcript to correct yet.');
    const words = checkedWords(request.words, video.duration);
    const edited = readyTranscript(video.id, { engine: kept.engine, quality: kept.quality, language: kept.language }, words, true);
    await this.store.keep(edited);
    return transcriptMessage(edited);
  }

  /** Transcribes the video again in `language`, replacing the kept transcript (even a corrected one: the user asked). */
  async make(request: mediaV1.TranscriptsMakeRequest): Promise<mediaV1.Transcript> {
    if (!(TRANSCRIPT_LANGUAGES as readonly string[]).includes(request.language)) {
      throw RpcFailure.invalid(`language must be one of ${TRANSCRIPT_LANGUAGES.join(', ')}`);
    }
    const video = await this.owned(request.userId, request.videoId);
    if (!video.audioCodec && video.status === 'processed') return transcriptMessage(transcriptWithout(video.id, 'none', request.language, NO_SOUND_MESSAGE));
    const pending = transcriptWithout(video.id, 'pending', request.language, PENDING_MESSAGE);
    await this.store.keep(pending);
    // Not processed yet: the processing queues the transcript, in the language kept just now.
    if (video.status === 'processed') {
      const job = { videoId: video.id, userId: video.userId, language: request.language, replaceEdited: true };
      await this.jobs.enqueue(mediaV1.TranscribeJobSchema, job, `${video.id}:transcribe:${randomUUID()}`);
    }
    return transcriptMessage(pending);
  }

  /** The language a new upload is transcribed in, kept (as a pending transcript) until the worker gets to it. */
  async chooseLanguage(videoId: string, language: string): Promise<void> {
    if (!language || language === DEFAULT_TRANSCRIPT_LANGUAGE) return;
    if (!(TRANSCRIPT_LANGUAGES as readonly string[]).includes(language)) return;
    await this.store.keep(transcriptWithout(videoId, 'pending', language, PENDING_MESSAGE));
  }

  private async current(video: VideoEntity): Promise<TranscriptJson> {
    const kept = await this.store.find(video.id);
    if (kept) return kept;
    if (video.status === 'processed' && !video.audioCodec) return transcriptWithout(video.id, 'none', DEFAULT_TRANSCRIPT_LANGUAGE, NO_SOUND_MESSAGE);
    return transcriptWithout(video.id, 'pending', DEFAULT_TRANSCRIPT_LANGUAGE, PENDING_MESSAGE);
  }

  private async owned(userId: string, videoId: string): Promise<VideoEntity> {
    const video = await this.videos.findOwned(videoId, userId);
    if (!video) throw RpcFailure.notFound('Video not found');
    return video;
  }
}

/** The corrected words, checked again here (the RPC is a boundary too): plain messages, nothing kept when one fails. */
function checkedWords(words: mediaV1.TranscriptWord[], duration: number): TranscriptWord[] {
  if (words.length > MAX_TRANSCRIPT_WORDS) throw RpcFailure.invalid(`A transcript holds at most ${MAX_TRANSCRIPT_WORDS} words.`);
  return words.map((word, i) => {
    const text = word.text.trim();
    const which = `Word ${i + 1}`;
    if (!text || text.length > MAX_WORD_CHARS) throw RpcFailure.invalid(`${which} must be a text of 1 to ${MAX_WORD_CHARS} characters.`);
    if (!Number.isFinite(word.start) || !Number.isFinite(word.end) || word.start < 0 || word.end < word.start) {
      throw RpcFailure.invalid(`${which} ("${text}") must start at 0 s or later and end no earlier than it starts.`);
    }
    if (word.end > duration + END_SLACK_SECONDS)
      throw RpcFailure.invalid(`${which} ("${text}") ends at ${word.end} s, after the end of the video (${duration.toFixed(2)} s).`);
    if (i > 0 && word.start < words[i - 1].start)
      throw RpcFailure.invalid(`${which} ("${text}") starts before the word ahead of it: the words must be in time order.`);
    return { text, start: word.start, end: word.end };
  });
}

export function transcriptMessage(t: TranscriptJson): mediaV1.Transcript {
  return create(mediaV1.TranscriptSchema, {
    videoId: t.videoId,
    status: t.status,
    message: t.message,
    engine: t.engine ?? '',
    quality: t.quality ?? '',
    language: t.language,
    phrases: t.phrases,
    words: t.words,
    edited: t.edited,
    updatedAt: t.updatedAt ?? '',
  });
}
