import fs from "node:fs/promises";
import path from "node:path";
import type { FileStorage } from "./types";
import { isStorageKey } from "./keys";

/** Files under `root` (DATA_DIR/uploads), served by the app at `publicPath/<key>` (serve.ts). */
export class LocalStorage implements FileStorage {
  readonly kind = "local" as const;

  constructor(
    readonly root: string,
    readonly publicPath: string,
  ) {}

  async put(key: string, bytes: Uint8Array, _contentType: string): Promise<string> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file under the final name.
    const temporary = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, file);
    return `${this.publicPath}/${key}`;
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  /** The file of a key; throws for anything that is not a key Sightline makes. */
  pathOf(key: string): string {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
    return path.join(this.root, ...key.split("/"));
  }
}
