/** Disk use of what a run leaves on disk, for the log. */
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Bytes allocated under `path` (files, not following symbolic links); 0 when it does not exist. */
export async function diskUsage(path: string): Promise<number> {
  let info: Awaited<ReturnType<typeof lstat>>;
  try {
    info = await lstat(path);
  } catch {
    return 0;
  }
  // Allocated blocks, as du counts them: sparse files and small files count what they really take.
  const own = info.blocks * 512;
  if (!info.isDirectory()) return own;
  let entries: string[];
  try {
    entries = await readdir(path);
  } catch {
    return own;
  }
  let total = own;
  for (const entry of entries) total += await diskUsage(join(path, entry));
  return total;
}
