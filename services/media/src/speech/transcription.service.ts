import { mkdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { JobPublisher, type JobContext, ObjectStorage } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import type { TranscriptJson } from '@reelsmith/proto/http';
import type { WorkerConfig } from '../config';
import type { VideoEntity } from '../entities/video.entity';
import { MediaRepository } from '../ffmpeg/media.repository';
import { MEDIA_CONFIG } from '../tokens';
import { VideosRepository } from '../videos.repository';
import { JobDeadline, jobDeadlineSeconds } from '../worker/job-deadline';
import { speechSegmentsOf } from './segments';
import { DEFAULT_TRANSCRIPT_LANGUAGE, NO_SOUND_MESSAGE, readyTranscript, transcriptWithout } from './transcript';
import { TranscriptStore } from './transcript-store';
import { chooseTranscriber, type Transcriber, unsupportedLanguageMessage } from './transcriber';

const READ_URL_TTL_SECONDS = 6 * 60 * 60;

/**
 * job.media.transcribe, in the worker: the sound decoded at 16 kHz mono, its speech found (VAD),
 * transcribed by the configured engine and kept as derived/{videoId}/transcript.json. A transcript the
 * user corrected is replaced only when they ask for a new one.
 */
@Injectable()
export class TranscriptionService implements OnModuleInit {
  private readonly logger = new Logger(TranscriptionService.name);
  private transcriber!: Promise<Transcriber>;

  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: WorkerConfig,
    private readonly videos: VideosRepository,
    private readonly storage: ObjectStorage,
    private readonly media: MediaRepository,
    private readonly store: TranscriptStore,
    private readonly jobs: JobPublisher,
  ) {}

  onModuleInit() {
    this.transcriber = this.modelFile().then((modelFile) => chooseTranscriber({ modelFile, threads: this.config.ASR_THREADS }));
    // The model is checked at start: a bad ASR_MODEL stops the worker with a plain message.
    return this.transcriber.then((t) => this.logger.log(`transcripts by ${t.engine} (${t.languages.join(', ')})`));
  }

  /** Queues the transcript of a just-processed video, in the language the user chose at upload (or English). */
  async queue(video: Pick<VideoEntity, 'id' | 'userId'>): Promise<void> {
    const language = (await this.store.find(video.id))?.language || DEFAULT_TRANSCRIPT_LANGUAGE;
    await this.jobs.enqueue(mediaV1.TranscribeJobSchema, { videoId: video.id, userId: video.userId, language }, `${video.id}:transcribe`);
  }

  async transcribe(job: mediaV1.TranscribeJob, context: JobContext): Promise<void> {
    const video = await this.videos.findById(job.videoId);
    if (!video || video.userId !== job.userId || video.status !== 'processed') return;
    const kept = await this.store.find(video.id);
    if (kept?.edited && !job.replaceEdited) return;
    const language = job.language || DEFAULT_TRANSCRIPT_LANGUAGE;
    const deadline = new JobDeadline(jobDeadlineSeconds('transcribe', { sourceSeconds: video.duration }, this.config.JOB_DEADLINE_FACTOR), context.signal);
    try {
      const transcript = await deadline.within(this.make(video, language, deadline.signal));
      deadline.signal.throwIfAborted();
      await this.store.keep(transcript);
    } catch (err) {
      if (context.signal.aborted) throw err;
      if (!deadline.expired && !context.lastAttempt) throw err;
      this.logger.error(`transcript of video ${video.id}, attempt ${context.attempt}: ${(err as Error).stack ?? String(err)}`);
      const reason = deadline.expired ? 'it took too long' : (err as Error).message;
      await this.store.keep(transcriptWithout(video.id, 'failed', language, `The transcript could not be made: ${reason}`));
    } finally {
      deadline.clear();
    }
  }

  /**
   * The video's transcript for a reel that needs it now: the kept one when ready (or none, unsupported),
   * else made here and kept. The captions read transcripts through TranscriptStore.find.
   */
  async ensure(video: VideoEntity, signal: AbortSignal): Promise<TranscriptJson> {
    const kept = await this.store.find(video.id);
    if (kept && kept.status !== 'pending' && kept.status !== 'failed') return kept;
    const transcript = await this.make(video, kept?.language || DEFAULT_TRANSCRIPT_LANGUAGE, signal);
    await this.store.keep(transcript);
    return transcript;
  }

  private async make(video: VideoEntity, language: string, signal: AbortSignal): Promise<TranscriptJson> {
    if (!video.audioCodec) return transcriptWithout(video.id, 'none', language, NO_SOUND_MESSAGE);
    const transcriber = await this.transcriber;
    if (!transcriber.languages.includes(language))
      return transcriptWithout(video.id, 'unsupported', language, unsupportedLanguageMessage(transcriber, language));
    const input = await this.storage.presignedGetUrl(video.proxyKey || video.objectKey, READ_URL_TTL_SECONDS);
    const audio = await this.media.speechAudio(input, signal, video.duration);
    const words = await transcriber.transcribe(audio, await speechSegmentsOf(audio), language, signal);
    return readyTranscript(video.id, { engine: transcriber.engine, quality: transcriber.quality, language }, words);
  }

  /** ASR_MODEL, or ASR_MODEL_OBJECT copied from the bucket to WORK_DIR once (kept across restarts). */
  private async modelFile(): Promise<string> {
    const { ASR_MODEL, ASR_MODEL_OBJECT, WORK_DIR } = this.config;
    if (ASR_MODEL || !ASR_MODEL_OBJECT) return ASR_MODEL;
    const dir = join(WORK_DIR || tmpdir(), 'asr-model');
    const file = join(dir, basename(ASR_MODEL_OBJECT));
    const stored = await this.storage.stat(ASR_MODEL_OBJECT);
    if (!stored) throw new Error(`ASR_MODEL_OBJECT ${ASR_MODEL_OBJECT} is not in the bucket.`);
    const local = await stat(file).catch(() => null);
    if (local?.size !== stored.size) {
      await mkdir(dir, { recursive: true });
      await this.storage.downloadFile(ASR_MODEL_OBJECT, file);
    }
    return file;
  }
}
