import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { createRpcClient, ErrorCode, ObjectStorage, RpcClient } from '@reelsmith/kit';
import { musicV1 } from '@reelsmith/proto';
import { DataSource } from 'typeorm';
import { rejection } from '../../../test/support/rpc';
import { startServiceApp } from '../../../test/support/service-app';
import { CATALOGUE } from '../src/catalogue/catalogue';
import { CatalogueSync } from '../src/catalogue/catalogue-sync.service';
import { configSchema } from '../src/config';
import { MusicModule } from '../src/music.module';
import { compose } from '../src/synth/compose';
import { MusicGenerator } from '../src/synth/generator';
import { GENRES, MOODS } from '../src/synth/types';
import { detectOnsets, matchRatio } from './onsets';

const Rpc = musicV1.MusicService.method;

async function startMusic(): Promise<INestApplication> {
  const app = await startServiceApp('music', configSchema, (c) => MusicModule.register(c));
  await app.get(CatalogueSync).whenReady();
  return app;
}

/** The audio of a track as mono float PCM, decoded by ffmpeg (optionally through filters). */
function decode(file: string, filters: string, rate: number): Float32Array {
  const out = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-af', filters, '-ac', '1', '-ar', String(rate), '-f', 'f32le', 'pipe:1'], {
    maxBuffer: 512 * 1024 * 1024,
  });
  return new Float32Array(out.buffer, out.byteOffset, out.length / 4);
}

function measureLoudness(file: string): { integrated: number; peakDbfs: number } {
  const out = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-af', 'ebur128=metadata=1:peak=sample,ametadata=mode=print:file=-', '-f', 'null', '-'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const last = (key: string) => Number([...out.matchAll(new RegExp(`${key}=(-?[\\d.]+)`, 'g'))].at(-1)![1]);
  // ebur128 gives the sample peak as a linear value.
  return { integrated: last('lavfi.r128.I'), peakDbfs: 20 * Math.log10(last('lavfi.r128.sample_peak')) };
}

describe('music service over real NATS, PostgreSQL, S3 and ffmpeg', () => {
  let app: INestApplication;
  let client: RpcClient;
  let storage: ObjectStorage;
  let dataSource: DataSource;
  let tracks: musicV1.Track[];
  const work = mkdtempSync(join(tmpdir(), 'reelsmith-music-test-'));

  /** A track's file downloaded from the object store, once. */
  const downloaded = new Map<string, string>();
  async function download(track: musicV1.Track): Promise<string> {
    if (!downloaded.has(track.filename)) {
      const path = join(work, track.filename);
      await storage.downloadFile(track.objectKey, path);
      downloaded.set(track.filename, path);
    }
    return downloaded.get(track.filename)!;
  }

  beforeAll(async () => {
    app = await startMusic();
    dataSource = app.get(DataSource);
    storage = app.get(ObjectStorage);
    client = createRpcClient(process.env.NATS_URL!, 10_000);
    await client.connect();
    ({ tracks } = await client.call(Rpc.tracksList, { userId: '00000000-0000-4000-8000-000000000001' }));
  }, 240_000);

  afterAll(async () => {
    await client?.close();
    await app?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('lists the whole catalogue: 60+ tracks over every genre and mood, with the spec fields', async () => {
    expect(tracks.length).toBe(CATALOGUE.length);
    expect(tracks.length).toBeGreaterThanOrEqual(60);
    expect(new Set(tracks.map((t) => t.genre))).toEqual(new Set(GENRES));
    expect(new Set(tracks.map((t) => t.mood))).toEqual(new Set(MOODS));
    for (const key of ['id', 'title', 'filename'] as const) expect(new Set(tracks.map((t) => t[key])).size).toBe(tracks.length);
    tracks.forEach((track, i) => {
      expect(track).toMatchObject({
        id: CATALOGUE[i].id,
        title: CATALOGUE[i].title,
        artist: CATALOGUE[i].artist,
        bpm: CATALOGUE[i].bpm,
        contentType: 'audio/mpeg',
        objectKey: `music/${track.filename}`,
      });
      expect(track.filename).toMatch(/^[a-z0-9-]+\.mp3$/);
      expect(track.duration).toBeGreaterThanOrEqual(30);
      expect(track.duration).toBeLessThanOrEqual(150);
      expect(track.beats).toEqual([]);
      expect(track.plans).toEqual(i < 30 ? ['rookie', 'pro'] : ['pro']);
    });
    const [{ count }] = await dataSource.query('SELECT count(*)::int AS count FROM music.tracks');
    expect(count).toBe(CATALOGUE.length);
  });

  it('keeps every track in the object store under music/<filename>, as MP3 of the recorded size and length', async () => {
    for (const track of tracks) {
      const stored = await storage.stat(track.objectKey);
      expect({ file: track.filename, size: stored?.size, type: stored?.contentType }).toEqual({
        file: track.filename,
        size: Number(track.size),
        type: 'audio/mpeg',
      });
    }
    const probe = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', await download(tracks[1])], { encoding: 'utf8' }),
    );
    expect(probe.streams[0]).toMatchObject({ codec_name: 'mp3', sample_rate: '44100', channels: 2 });
    expect(Number(probe.format.duration)).toBeCloseTo(tracks[1].duration, 1);
    // No tags, no encoder string: the bytes depend on the audio alone.
    expect(probe.format.tags ?? {}).toEqual({});
  });

  it('answers one track with its beat grid, by id or by file name; anything else is NOT_FOUND', async () => {
    const byId = await client.call(Rpc.tracksGet, { id: tracks[0].id });
    const byName = await client.call(Rpc.tracksGet, { filename: tracks[0].filename });
    expect(byName).toEqual(byId);
    const beat = 60 / byId.bpm;
    expect(byId.beats[0]).toBe(0);
    expect(byId.beats.length).toBe(Math.floor(byId.duration / beat + 1e-6));
    const gaps = byId.beats.slice(1).map((b, i) => b - byId.beats[i]);
    for (const gap of gaps) expect(gap).toBeCloseTo(beat, 3);
    expect(byId.loudnessLufs).toBeGreaterThan(-17);

    for (const request of [
      { filename: 'no-such-track.mp3' },
      { filename: '../../etc/passwd' },
      { filename: 'music/golden-hour-drive.mp3' },
      { id: '00000000-0000-4000-8000-000000000000' },
      { id: 'not-a-uuid' },
    ]) {
      const err = await rejection(client.call(Rpc.tracksGet, request));
      expect({ request, code: err.code }).toEqual({ request, code: ErrorCode.NOT_FOUND });
    }
    expect((await rejection(client.call(Rpc.tracksGet, {}))).code).toBe(ErrorCode.INVALID_ARGUMENT);
  });

  it('has a beat grid that matches the beats in the audio: kick onsets land on it within 50 ms', async () => {
    // Four-on-the-floor tracks: a kick on every beat (and the bass in between, on the off-beats).
    const picks = tracks.filter((t) => t.genre === 'electronic').slice(0, 3);
    expect(picks.map((t) => t.bpm)).toEqual([122, 128, 124]);
    for (const picked of picks) {
      const track = await client.call(Rpc.tracksGet, { id: picked.id });
      const rate = 11025;
      const onsets = detectOnsets(decode(await download(track), 'lowpass=f=150,lowpass=f=150', rate), rate);
      const score = compose(CATALOGUE.find((t) => t.id === track.id)!);
      const phraseSeconds = score.phraseSamples / score.sampleRate;
      const beat = 60 / track.bpm;
      // The beats of the phrases where the kick plays.
      const kickBeats = track.beats.filter((b) => score.layers[0].sections.includes(score.arrangement[Math.floor((b + 1e-6) / phraseSeconds)]));
      const eighths = track.beats.flatMap((b) => [b, b + beat / 2]);
      const found = {
        track: track.title,
        // Every kick is heard on its beat...
        kicksOnTheGrid: matchRatio(kickBeats, onsets, 0.05),
        // ...and nothing in the low band falls off the grid's eighths.
        onsetsOnEighths: matchRatio(onsets, eighths, 0.05),
        // A grid a sixteenth off matches nothing: the check can fail.
        kicksOnShiftedGrid: matchRatio(
          kickBeats.map((b) => b + beat / 4),
          onsets,
          0.05,
        ),
      };
      expect({
        ...found,
        kicksOnTheGrid: found.kicksOnTheGrid >= 0.9,
        onsetsOnEighths: found.onsetsOnEighths >= 0.9,
        kicksOnShiftedGrid: found.kicksOnShiftedGrid < 0.2,
      }).toEqual({ track: track.title, kicksOnTheGrid: true, onsetsOnEighths: true, kicksOnShiftedGrid: true });
    }
  }, 60_000);

  it('masters every track to -16 LUFS (EBU R128) with peaks under 0 dBFS, and records what it measured', async () => {
    const loudness = tracks.map((t) => t.loudnessLufs);
    expect(Math.min(...loudness)).toBeGreaterThan(-16.7);
    expect(Math.max(...loudness)).toBeLessThan(-15.3);
    for (const track of [tracks[2], tracks[4], tracks[5]]) {
      const measured = measureLoudness(await download(track));
      expect(measured.integrated).toBeCloseTo(track.loudnessLufs, 0);
      expect(Math.abs(measured.integrated - track.loudnessLufs)).toBeLessThan(0.3);
      expect(measured.peakDbfs).toBeLessThan(0);
      expect(measured.peakDbfs).toBeGreaterThan(-12);
    }
  }, 60_000);

  it('makes the same bytes from the same seed, and different ones from another seed', async () => {
    const generator = app.get(MusicGenerator);
    const definition = CATALOGUE.find((t) => t.title === 'Still Water')!;
    const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
    const first = join(work, 'first.mp3');
    const second = join(work, 'second.mp3');
    const other = join(work, 'other.mp3');
    await generator.render(generator.plan(definition), first);
    await generator.render(generator.plan(definition), second);
    await generator.render(generator.plan({ ...definition, seed: definition.seed + 1 }), other);
    expect(sha(second)).toBe(sha(first));
    expect(sha(other)).not.toBe(sha(first));
    // What the service uploaded was made the same way.
    const stored = tracks.find((t) => t.id === definition.id)!;
    expect(sha(await download(stored))).toBe(sha(first));
  }, 60_000);

  it('at start puts back only what is missing, from the local cache, without synthesising', async () => {
    const victim = tracks[7];
    await storage.remove([victim.objectKey]);
    expect(await storage.stat(victim.objectKey)).toBeNull();
    const second = await startMusic();
    try {
      expect(await storage.stat(victim.objectKey)).toEqual({ size: Number(victim.size), contentType: 'audio/mpeg' });
      expect(second.get(CatalogueSync).progress()).toEqual({ done: CATALOGUE.length, total: CATALOGUE.length, synthesised: 0 });
    } finally {
      await second.close();
    }
  }, 120_000);

  it('reports ready with its database, NATS and a complete catalogue', async () => {
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const res = await fetch(`${url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', checks: { database: 'ok', nats: 'ok', catalogue: 'ok' } });
  });

  it('has migrations that match the entities (no drift)', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });
});
