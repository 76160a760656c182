// Tests and hooks on real infrastructure (processes, ffmpeg) get a minute unless they say otherwise.
jest.setTimeout(60_000);
