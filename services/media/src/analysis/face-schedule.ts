import type { FaceSampler } from './face-sampler';
import type { FaceStep } from './faces';

/**
 * The detector's looks are chosen block by block, once all of a block's frames are in: which seconds
 * it looks at then depends only on the video, never on how fast the decode or the detector ran, so
 * the same video always gets the same faces and subjects (and the same reel).
 */
export const BLOCK_SECONDS = 8;
/**
 * Blocks the decode may read ahead of the detector; past that it waits (its pipes fill and ffmpeg
 * pauses), so the frames kept stay few whatever the video's length.
 */
export const BLOCKS_AHEAD = 2;

/**
 * Face looks per second of video up to FULL_RATE_SECONDS; longer videos get fewer (as many as that
 * length gets), down to MIN_FACE_RATE. A look costs about 0.07 s on one core, a second of 1080p
 * decode about 0.065 s: the detector keeps up with the decode beside it.
 */
const FACE_RATE = 0.5;
const FULL_RATE_SECONDS = 300;
const MIN_FACE_RATE = 0.1;
/**
 * Subjects (animals, vehicles, sports gear) cost six face looks (CenterNet: about 0.4 s a look on
 * one core), so they are looked for at most once per SUBJECT_SPACING seconds while the blocks are
 * looked at, and at most SPACED_SUBJECT_LOOKS times that way in a long video.
 */
const SUBJECT_SPACING = 4;
const SPACED_SUBJECT_LOOKS = 30;
const MIN_SUBJECT_LOOKS = 3;

export interface LookPlan {
  faceLooksPerSecond: number;
  /** Seconds between subject looks while the blocks are looked at. */
  subjectSpacing: number;
  /** Subject looks in all, the looks at shots left unseen (once the cuts are known) included. */
  subjectBudget: number;
}

/** How much the detector looks at a video of this length. */
export function lookPlan(durationSeconds: number): LookPlan {
  const seconds = Math.max(1, durationSeconds);
  const faceLooksPerSecond = seconds <= FULL_RATE_SECONDS ? FACE_RATE : Math.max(MIN_FACE_RATE, (FACE_RATE * FULL_RATE_SECONDS) / seconds);
  const subjectSpacing = Math.max(SUBJECT_SPACING, seconds / SPACED_SUBJECT_LOOKS);
  // Half as many again as the spacing gives, for shots the blocks' looks missed.
  const subjectBudget = Math.max(MIN_SUBJECT_LOOKS, Math.ceil((1.5 * seconds) / subjectSpacing));
  return { faceLooksPerSecond, subjectSpacing, subjectBudget };
}

/** What the detector saw in one frame; it never throws (a broken detector answers "no faces"). */
export type Look = (rgb: Uint8Array, options: { subjects: boolean }) => Promise<FaceStep>;

/**
 * Feeds a FaceSampler one frame a second (`read`) and runs the detector on the frames it picks
 * (`detect`): the blocks' looks as the frames come in, then, once the cuts are known, a look at each
 * shot no look has seen and more subject looks while the budget lasts.
 */
export class FaceSchedule {
  private readonly plan: LookPlan;
  /** The end (in seconds) of each block whose frames are all in. */
  private readonly blockEnds: number[] = [];
  private blocksLooked = 0;
  private readEnded = false;
  private detectorStopped = false;
  private subjectLooks = 0;
  private wakeDetector: (() => void) | null = null;
  private wakeReader: (() => void) | null = null;

  constructor(
    private readonly sampler: FaceSampler,
    durationSeconds: number,
    private readonly look: Look,
  ) {
    this.plan = lookPlan(durationSeconds);
  }

  /** Takes the frames (one a second, in order); waits while the detector is BLOCKS_AHEAD blocks behind. */
  async read(frames: AsyncIterable<Uint8Array[]>): Promise<void> {
    try {
      for await (const batch of frames) {
        for (const rgb of batch) {
          // A copy: the decoder's buffers are reused, and a frame may wait for a later look.
          this.sampler.add(new Uint8Array(rgb));
          if (this.sampler.added % BLOCK_SECONDS === 0) await this.blockRead(this.sampler.added);
        }
      }
    } finally {
      if (this.sampler.added > (this.blockEnds.at(-1) ?? 0)) this.blockEnds.push(this.sampler.added);
      this.readEnded = true;
      this.wakeDetector?.();
    }
  }

  /**
   * Looks at the blocks as they are read, then at the shots once `cuts` resolves (null: the analysis
   * failed, nothing more to look at). The reader is never left waiting after this ends.
   */
  async detect(cuts: Promise<number[] | null>): Promise<void> {
    try {
      for (let end = await this.nextBlock(); end !== undefined; end = await this.nextBlock()) {
        await this.lookAtBlock(this.blockEnds[this.blocksLooked - 1] ?? 0, end);
        this.sampler.thin(end);
        this.blocksLooked++;
        this.wakeReader?.();
      }
      const known = await cuts;
      if (known) await this.lookAtShots(known);
    } finally {
      this.detectorStopped = true;
      this.wakeReader?.();
    }
  }

  private async blockRead(end: number): Promise<void> {
    this.blockEnds.push(end);
    this.wakeDetector?.();
    while (!this.detectorStopped && this.blockEnds.length - this.blocksLooked > BLOCKS_AHEAD) {
      await new Promise<void>((resolve) => (this.wakeReader = resolve));
      this.wakeReader = null;
    }
  }

  /** The end of the next block to look at, once it is read; undefined when every block is done. */
  private async nextBlock(): Promise<number | undefined> {
    while (this.blocksLooked >= this.blockEnds.length) {
      if (this.readEnded) return undefined;
      await new Promise<void>((resolve) => (this.wakeDetector = resolve));
      this.wakeDetector = null;
    }
    return this.blockEnds[this.blocksLooked];
  }

  private async lookAtBlock(start: number, end: number): Promise<void> {
    const budget = Math.max(1, Math.round(this.plan.faceLooksPerSecond * (end - start)));
    // Subjects while the blocks are read: at most one look per spacing, wherever the frames picked fall.
    const reach = this.plan.subjectSpacing - 1;
    for (let n = 0; n < budget; n++) {
      const next = this.sampler.next(end);
      if (!next) return;
      await this.lookAt(next, this.subjectsLeft() && !this.sampler.subjectsLookedNear(next.second, reach));
    }
  }

  private async lookAtShots(cuts: number[]): Promise<void> {
    const reach = this.plan.subjectSpacing / 2;
    for (;;) {
      const next = this.sampler.nextInUnseenShot(cuts) ?? (this.subjectsLeft() ? this.sampler.nextForSubjects(cuts, reach) : undefined);
      if (!next) return;
      await this.lookAt(next, this.subjectsLeft() && !this.sampler.subjectsLookedNear(next.second, reach, cuts));
    }
  }

  private subjectsLeft(): boolean {
    return this.subjectLooks < this.plan.subjectBudget;
  }

  private async lookAt(frame: { second: number; rgb: Uint8Array }, subjects: boolean): Promise<void> {
    const step = await this.look(frame.rgb, { subjects });
    if (subjects) this.subjectLooks++;
    this.sampler.record(frame.second, frame.rgb, step);
  }
}
