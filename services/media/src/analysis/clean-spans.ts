/** Seconds [start, end) of a video. */
export interface Span {
  start: number;
  end: number;
}

/** The flawed steps as spans of seconds, each widened by a step on both sides (a seek or a crossfade lands between frames). */
export function flawSpans(badSteps: boolean[], step: number): Span[] {
  const spans: Span[] = [];
  badSteps.forEach((bad, i) => {
    if (!bad) return;
    const start = Math.max(0, (i - 1) * step);
    const end = (i + 2) * step;
    const last = spans[spans.length - 1];
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else spans.push({ start, end });
  });
  return spans;
}

/** The parts of a stretch that show no flawed frame. */
export function cleanParts(stretch: Span, flaws: Span[]): Span[] {
  const parts: Span[] = [];
  let from = stretch.start;
  for (const f of flaws) {
    if (f.end <= from || f.start >= stretch.end) continue;
    if (f.start > from) parts.push({ start: from, end: f.start });
    from = Math.max(from, f.end);
  }
  if (from < stretch.end) parts.push({ start: from, end: stretch.end });
  return parts;
}

/** The longest clean part of a stretch, if it lasts at least `minimum` seconds. */
export function longestCleanPart(stretch: Span, flaws: Span[], minimum: number): Span | null {
  const best = cleanParts(stretch, flaws).reduce<Span | null>((a, b) => (!a || b.end - b.start > a.end - a.start ? b : a), null);
  return best && best.end - best.start >= minimum - 1e-6 ? best : null;
}

/** The clean stretch of the video a time lies in (the whole video when nothing is flawed). */
export function cleanStretchAt(t: number, flaws: Span[], duration: number): Span {
  const parts = cleanParts({ start: 0, end: duration }, flaws);
  return parts.find((p) => t >= p.start && t < p.end) ?? { start: t, end: t };
}
