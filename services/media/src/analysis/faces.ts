import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** One face in a picture: its box as shares of the picture's width and height, and the detector's confidence. */
export interface Face {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

/** An animal, a vehicle or a piece of sports gear in view, the detector's confidence (0..1) and the horizontal centre of its box (0..1). */
export interface Subject {
  label: string;
  score: number;
  center: number;
}

/**
 * What the detector saw in one analysed second: how many faces, and the horizontal centre of the
 * largest (0..1); and the subject in view (null: none), when subjects were looked for (undefined: not).
 */
export interface FaceStep {
  count: number;
  center: number;
  subject?: Subject | null;
}

/**
 * The COCO classes that make a subject: what a viewer follows in a shot where sound and motion say
 * little (a dog at play, a jet overhead, a ball). People are not among them: faces count them.
 */
const SUBJECT_LABELS = new Set(
  [
    'bird,cat,dog,horse,sheep,cow,elephant,bear,zebra,giraffe',
    'bicycle,car,motorcycle,airplane,bus,train,truck,boat',
    'sports ball,frisbee,kite,skateboard,surfboard,skis,snowboard,tennis racket,baseball bat',
  ].flatMap((group) => group.split(',')),
);
/** Below this confidence a subject is too often something else (a car in a film's background, a ball in a crowd). */
const MIN_SUBJECT = 0.4;

/**
 * The detector's thread (plain JavaScript, run with `eval`, so it needs no build step of its own):
 * loads @vladmandic/human once and answers each picture with the boxes (pixels) and scores of its faces.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFile } = require('node:fs/promises');
const { fileURLToPath } = require('node:url');
// Node's fetch has no file://: the model files are read from disk.
const fetchAny = globalThis.fetch;
globalThis.fetch = async (url, init) => (String(url).startsWith('file://') ? new Response(await readFile(fileURLToPath(String(url)))) : fetchAny(url, init));
const wasm = require(workerData.wasmBackend);
wasm.setWasmPaths(workerData.wasmDir);
const { Human } = require(workerData.human);
const human = new Human(workerData.config);
const ready = human.load();
ready.catch(() => undefined);
parentPort.on('message', async ({ id, rgb, width, height, objects }) => {
  try {
    await ready;
    const tensor = human.tf.tensor3d(rgb, [height, width, 3], 'int32');
    try {
      // Objects (CenterNet) cost several times the faces: only when asked for.
      const result = await human.detect(tensor, { object: { enabled: Boolean(objects) } });
      parentPort.postMessage({
        id,
        faces: result.face.map((f) => ({ box: f.box, score: f.score })),
        objects: objects ? result.object.map((o) => ({ label: o.label, score: o.score, center: o.boxRaw[0] + o.boxRaw[2] / 2 })) : undefined,
      });
    } finally {
      tensor.dispose();
    }
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
`;

/**
 * Face detection offline: @vladmandic/human's BlazeFace (and, when asked, its CenterNet for objects) with the models it ships, on the
 * WebAssembly backend of TensorFlow.js (nothing is fetched: the models are read from the package
 * folder on disk). It runs in a thread of its own, started on first use: the caller's event loop
 * stays free to read the decoder's pipes while a picture is looked at, so detection runs beside the
 * decode, on another core, instead of stalling it.
 */
export class FaceDetector {
  private thread: Worker | null = null;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (answer: DetectorAnswer) => void; reject: (err: Error) => void }>();

  private start(): Worker {
    if (this.thread) return this.thread;
    // The packages' main files sit in their dist folders (their package.json is not exported).
    const root = dirname(dirname(require.resolve('@vladmandic/human')));
    const wasmBackend = require.resolve('@tensorflow/tfjs-backend-wasm');
    const wasmDir = `${dirname(wasmBackend)}/`;
    const config = {
      backend: 'wasm',
      wasmPath: wasmDir,
      modelBasePath: `file://${join(root, 'models')}/`,
      debug: false,
      cacheSensitivity: 0,
      // No picture filters (auto brightness and the like): they cost as much as the detection itself.
      filter: { enabled: false },
      face: {
        enabled: true,
        detector: { rotation: false, maxDetected: 10, minConfidence: 0.4 },
        mesh: { enabled: false },
        iris: { enabled: false },
        description: { enabled: false },
        emotion: { enabled: false },
        antispoof: { enabled: false },
        liveness: { enabled: false },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: true, minConfidence: MIN_SUBJECT, maxDetected: 10 },
      gesture: { enabled: false },
      segmentation: { enabled: false },
    };
    const thread = new Worker(THREAD_SOURCE, { eval: true, workerData: { human: join(root, 'dist', 'human.node-wasm.js'), wasmBackend, wasmDir, config } });
    // An idle detector never keeps the process alive.
    thread.unref();
    thread.on('message', (answer: DetectorAnswer & { id: number; error?: string }) => {
      const caller = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (answer.error !== undefined || !answer.faces) caller?.reject(new Error(`face detection failed: ${answer.error}`));
      else caller?.resolve(answer);
    });
    const fail = (err: Error) => {
      for (const caller of this.waiting.values()) caller.reject(err);
      this.waiting.clear();
      if (this.thread === thread) this.thread = null;
    };
    thread.on('error', fail);
    thread.on('exit', (code) => fail(new Error(`the face detector stopped (${code})`)));
    this.thread = thread;
    return thread;
  }

  /** The faces in one RGB picture. */
  async detect(rgb: Uint8Array, width: number, height: number): Promise<Face[]> {
    return (await this.look(rgb, width, height)).faces;
  }

  /** The faces in one RGB picture and, when `subjects` is set, the subject in view (null: none). */
  async look(rgb: Uint8Array, width: number, height: number, options: { subjects?: boolean } = {}): Promise<{ faces: Face[]; subject?: Subject | null }> {
    const thread = this.start();
    const id = this.nextId++;
    const found = await new Promise<DetectorAnswer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      thread.postMessage({ id, rgb, width, height, objects: options.subjects === true });
    });
    const faces = found.faces
      .map((f) => ({ x: f.box[0] / width, y: f.box[1] / height, width: f.box[2] / width, height: f.box[3] / height, score: f.score }))
      // A face shows skin: patterns and flat colours that fool the detector do not.
      .filter((f) => skinShare(rgb, width, height, f) >= MIN_SKIN);
    return found.objects ? { faces, subject: subjectOf(found.objects) } : { faces };
  }

  /** Ends the detector's thread (a later detect starts a new one). */
  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    if (thread) await thread.terminate();
  }
}

const MIN_SKIN = 0.2;

interface DetectorAnswer {
  faces: Array<{ box: number[]; score: number }>;
  objects?: Subject[];
}

/** The most confident subject among the objects found, or null. */
export function subjectOf(objects: Subject[]): Subject | null {
  const subjects = objects.filter((o) => SUBJECT_LABELS.has(o.label) && o.score >= MIN_SUBJECT);
  if (subjects.length === 0) return null;
  const best = subjects.reduce((a, b) => (b.score > a.score ? b : a));
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return { label: best.label, score: round(best.score), center: round(Math.min(1, Math.max(0, best.center))) };
}

/** Share of the pixels in a box whose chroma is a skin tone (Cb 77-127, Cr 133-173, any brightness but the darkest). */
export function skinShare(rgb: Uint8Array, width: number, height: number, box: { x: number; y: number; width: number; height: number }): number {
  const x0 = Math.max(0, Math.floor(box.x * width));
  const y0 = Math.max(0, Math.floor(box.y * height));
  const x1 = Math.min(width, Math.ceil((box.x + box.width) * width));
  const y1 = Math.min(height, Math.ceil((box.y + box.height) * height));
  let skin = 0;
  let total = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = 3 * (y * width + x);
      const [r, g, b] = [rgb[i], rgb[i + 1], rgb[i + 2]];
      const luma = 0.299 * r + 0.587 * g + 0.114 * b;
      const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
      const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
      if (luma > 30 && cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173) skin++;
      total++;
    }
  }
  return total ? skin / total : 0;
}

/** The count and the largest face's centre, for one second (with the subject, when one was looked for). */
export function faceStep(faces: Face[], subject?: Subject | null): FaceStep {
  const found = subject === undefined ? {} : { subject };
  if (faces.length === 0) return { count: 0, center: 0.5, ...found };
  const largest = faces.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  return { count: faces.length, center: Math.min(1, Math.max(0, largest.x + largest.width / 2)), ...found };
}
