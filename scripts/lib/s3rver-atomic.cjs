// s3rver writes an object in place (truncate, then stream) and its metadata afterwards, so a read
// that meets a write of the same key gets an empty or half-written body, or a Content-Length the
// body never reaches (the reader hangs). S3 and MinIO replace an object whole. This makes s3rver do
// the same: the body goes to a temporary file beside the object and is renamed over it, and a read
// looks up the size and opens the file while no rename of that key is in progress, so the open file
// and its length always belong together.
const { createHash, randomUUID } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { Transform } = require('node:stream');
const { pipeline } = require('node:stream/promises');
const FilesystemStore = require('s3rver/lib/stores/filesystem');

/** Per key: the tail of the chain of critical sections (a rename, or a stat-and-open). */
const sections = new Map();

async function exclusive(id, work) {
  const before = sections.get(id) ?? Promise.resolve();
  let release;
  const mine = new Promise((resolve) => (release = resolve));
  const tail = before.then(() => mine);
  sections.set(id, tail);
  await before;
  try {
    return await work();
  } finally {
    release();
    if (sections.get(id) === tail) sections.delete(id);
  }
}

function replaceObjectsAtomically() {
  const store = FilesystemStore.prototype;
  const getObject = store.getObject;

  store.putObject = async function putObject(object) {
    const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
    await fs.promises.mkdir(path.dirname(objectPath), { recursive: true });
    const temporary = `${objectPath}.${randomUUID()}.partial`;
    const md5Context = createHash('md5');
    let size = 0;
    try {
      if (Buffer.isBuffer(object.content)) {
        md5Context.update(object.content);
        size = object.content.length;
        await fs.promises.writeFile(temporary, object.content);
      } else {
        const measure = new Transform({
          transform(chunk, encoding, callback) {
            md5Context.update(chunk, encoding);
            size += chunk.length;
            callback(null, chunk);
          },
        });
        await pipeline(object.content, measure, fs.createWriteStream(temporary));
      }
      const md5 = md5Context.digest('hex');
      await exclusive(objectPath, async () => {
        await fs.promises.rename(temporary, objectPath);
        await this.putMetadata(object.bucket, object.key, object.metadata, md5);
      });
      return { size, md5 };
    } catch (err) {
      await fs.promises.rm(temporary, { force: true });
      throw err;
    }
  };

  store.getObject = async function atomicGetObject(bucket, key, options) {
    return exclusive(this.getResourcePath(bucket, key, 'object'), () => getObject.call(this, bucket, key, options));
  };
}

module.exports = { replaceObjectsAtomically };
