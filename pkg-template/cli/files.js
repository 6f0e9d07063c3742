// The CLI's output files: sinks that write whole lines, results written in input order, files
// replaced atomically, and the checks that two paths are one file.

import { closeSync, fstatSync, fsyncSync, openSync, realpathSync, renameSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve as absolutePath } from 'node:path';

/** An output that cannot be written: stops the run with exit 2 (quietly for a closed pipe). */
export class OutputError extends Error {
  constructor(message, cause) {
    super(message, { cause });
    this.quiet = cause?.code === 'EPIPE';
  }
}

/** Why a file cannot be opened for writing, in words. */
export function openFailure(path, error) {
  const reasons = {
    ENOENT: `the folder "${dirname(path)}" does not exist`,
    ENOTDIR: 'a part of the path is not a folder',
    EISDIR: 'it is a folder, not a file',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'the file system is read-only',
    ENOSPC: 'no space left on the device',
  };
  return `cannot write ${path}: ${reasons[error?.code] ?? error?.message ?? String(error)}`;
}

/** Writes whole chunks to a file descriptor, synchronously: a chunk is in the file when this returns. */
export function fileSink(fd, path) {
  return {
    write(text) {
      const bytes = Buffer.from(text);
      let offset = 0;
      try {
        while (offset < bytes.length) offset += writeSync(fd, bytes, offset);
      } catch (error) {
        throw new OutputError(openFailure(path, error), error);
      }
    },
    close() {
      closeSync(fd);
    },
  };
}

/** Writes chunks to a stream (standard output), each write awaited, so failures surface at once. */
export function streamSink(stream) {
  let failure;
  const onError = (error) => {
    failure ??= error;
  };
  stream.on?.('error', onError);
  const fail = (error) => new OutputError(`cannot write the results to standard output: ${error.message ?? String(error)}`, error);
  return {
    write(text) {
      if (failure) return Promise.reject(fail(failure));
      return new Promise((resolve, reject) => {
        stream.write(text, (error) => {
          const problem = error ?? failure;
          if (problem) reject(fail(problem));
          else resolve();
        });
      });
    },
    close() {
      stream.removeListener?.('error', onError);
    },
  };
}

/**
 * Writes the result lines of `order` (entry indexes) to `sink` in that order, each as soon as
 * it and all before it have their text in `texts`. Flushes run one after another; after a
 * failure every flush rejects with it.
 */
export function orderedWriter(order, texts, sink) {
  let next = 0;
  let chain = Promise.resolve();
  return {
    get written() {
      return next;
    },
    flush() {
      chain = chain.then(async () => {
        let end = next;
        while (end < order.length && texts[order[end]] !== undefined) end += 1;
        if (end === next) return;
        await sink.write(order.slice(next, end).map((index) => `${texts[index]}\n`).join(''));
        next = end;
      });
      return chain;
    },
  };
}

/** Writes `text` to `path` through a temporary file and a rename, so `path` is never half-written. */
export function replaceFile(path, text) {
  const temporary = `${path}.tmp-${process.pid}`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

/** Whether `path` is the file open as `fd`. */
export function sameFile(fd, path) {
  return sameInode(() => fstatSync(fd), () => statSync(path));
}

/** Whether two stat calls see the same file (false when either fails). */
function sameInode(statA, statB) {
  try {
    const a = statA();
    const b = statB();
    return a.dev === b.dev && a.ino === b.ino;
  } catch {
    return false;
  }
}

/** `path` made absolute with every symbolic link resolved (its last part may not exist yet). */
function resolvedPath(path) {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(path)), basename(path));
    } catch {
      return absolutePath(path);
    }
  }
}

/** Whether two paths name the same file (the same resolved path, or the same existing file). */
export function samePath(a, b) {
  return resolvedPath(a) === resolvedPath(b) || sameInode(() => statSync(a), () => statSync(b));
}

/** Opens `path` for writing, or throws an OutputError that says why not. */
export function openOrFail(path, flags) {
  try {
    return openSync(path, flags);
  } catch (error) {
    throw new OutputError(openFailure(path, error), error);
  }
}
