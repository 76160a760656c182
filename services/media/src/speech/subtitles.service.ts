import { Injectable } from '@nestjs/common';
import { RpcFailure } from '@reelsmith/kit';
import { create } from '@bufbuild/protobuf';
import { mediaV1 } from '@reelsmith/proto';
import type { TranscriptJson } from '@reelsmith/proto/http';
import { CROSSFADE_SECONDS } from '../analysis/selection';
import { validCrossfade, validMoments } from '../ffmpeg/render-plan';
import { HighlightsRepository } from '../highlights.repository';
import { VideoAccess } from '../video-access';
import { transcriptWords, type TimedWord, wordsInReel } from './reel-time';
import { SUBTITLE_TYPES, subtitleFile, type SubtitleFormat } from './subtitles';
import { hasWords } from './transcript';
import { TranscriptStore } from './transcript-store';

/** Subtitle files to take away: a video's (its own clock) and a reel's (the reel's clock, its moments' words only). */
@Injectable()
export class SubtitlesService {
  constructor(
    private readonly access: VideoAccess,
    private readonly highlights: HighlightsRepository,
    private readonly transcripts: TranscriptStore,
  ) {}

  async forVideo(userId: string, videoId: string, format: string): Promise<mediaV1.SubtitlesFile> {
    const checked = checkFormat(format);
    const video = await this.access.visible(userId, videoId);
    if (!video) throw RpcFailure.notFound('Video not found');
    const words = transcriptWords(await this.transcriptOf(video.id));
    return file(words, checked, `video-${video.id}`);
  }

  async forHighlight(userId: string, highlightId: string, format: string): Promise<mediaV1.SubtitlesFile> {
    const checked = checkFormat(format);
    const highlight = await this.highlights.findOwned(highlightId, userId);
    if (!highlight) throw RpcFailure.notFound('Highlight not found');
    const transcript = await this.transcriptOf(highlight.videoId);
    // As the render joins them (the worker keeps the moments it made valid).
    const moments = validMoments(highlight.moments);
    const words = wordsInReel(transcriptWords(transcript), moments, validCrossfade(moments, CROSSFADE_SECONDS));
    return file(words, checked, `reel-${highlight.id}`);
  }

  private async transcriptOf(videoId: string): Promise<TranscriptJson> {
    const transcript = await this.transcripts.find(videoId);
    if (!transcript || transcript.status === 'pending') throw RpcFailure.notFound('This video has no transcript yet, so there are no subtitles.');
    if (!hasWords(transcript)) throw RpcFailure.notFound(transcript.message || 'This video has no transcript with words, so there are no subtitles.');
    return transcript;
  }
}

function checkFormat(format: string): SubtitleFormat {
  if (format !== 'srt' && format !== 'vtt') throw RpcFailure.invalid('Subtitles come as srt or vtt.');
  return format;
}

function file(words: TimedWord[], format: SubtitleFormat, name: string): mediaV1.SubtitlesFile {
  return create(mediaV1.SubtitlesFileSchema, { content: subtitleFile(words, format), contentType: SUBTITLE_TYPES[format], filename: `${name}.${format}` });
}
