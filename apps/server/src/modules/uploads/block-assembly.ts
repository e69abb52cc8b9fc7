import { createHash, type Hash } from 'node:crypto';
import { UPLOAD_CHUNK_SIZE_BYTES } from '@atrium/contracts';

/** Held bytes per upload before its assembly gives up (5 blocks in flight in file order: the 4 after the slowest, ≤ 16 MiB). */
const MAX_HELD_BYTES = 32 * 1024 * 1024;
/** Held bytes of all uploads together before the one adding more gives up (bounds the server's memory). */
const MAX_HELD_BYTES_IN_PROCESS = 64 * 1024 * 1024;

/**
 * In-process assembly state of one upload's blocks on a store with positional
 * writes (the local disk, decision 0142). Each mkblk takes the next **slot**: its
 * bytes go to `slot × 4,194,304` of one spool object, so blocks sent in file order
 * (the client's usual way: in order, a few in flight) already lie where the file
 * needs them. Blocks are hashed (SHA-256) in slot order as they complete; a block
 * that completes early waits, with its bytes held in memory, for the blocks before
 * it. mkfile can then move the spool into place and use the digest without reading
 * the file again, when the blocks it names are exactly the slots hashed, in order.
 * Anything else (another order, a repeated mkblk, a restart, too many bytes held)
 * leaves the digest unused and mkfile reads the blocks back.
 */
export class BlockAssembly {
  private nextSlot: number;
  private hashedSlots: number;
  private readonly hash: Hash = createHash('sha256');
  private readonly hashedBlockIds: string[] = [];
  /** Bytes of blocks not hashed yet, by slot; `complete` once the block has all its bytes. */
  private readonly held = new Map<number, { blockId: string; buffers: Buffer[]; complete: boolean }>();
  private heldBytes = 0;
  private isAbandoned = false;
  /** Bytes held by every assembly of this process. */
  private static heldByAll = 0;
  touchedAt = Date.now();

  constructor(
    firstFreeSlot: number,
    private readonly maxHeldBytes: number,
  ) {
    this.nextSlot = firstFreeSlot;
    this.hashedSlots = firstFreeSlot;
  }

  /** The slot of a new block: its bytes start at `slot × UPLOAD_CHUNK_SIZE_BYTES` of the spool. */
  allocateSlot(): number {
    this.touchedAt = Date.now();
    return this.nextSlot++;
  }

  /**
   * Records a chunk of the block at `slot` that was stored and accepted (`buffers`:
   * its bytes, in order; `isBlockComplete` when the block now has all its bytes), then
   * hashes every complete block that is next in slot order. Gives up (holds nothing
   * more; mkfile reads back) once more than `maxHeldBytes` would wait.
   */
  received(slot: number, blockId: string, buffers: readonly Buffer[], isBlockComplete: boolean): void {
    this.touchedAt = Date.now();
    if (this.isAbandoned || slot < this.hashedSlots) return;
    const entry = this.held.get(slot) ?? { blockId, buffers: [], complete: false };
    entry.buffers.push(...buffers);
    entry.complete = isBlockComplete;
    this.held.set(slot, entry);
    const bytes = buffers.reduce((sum, b) => sum + b.length, 0);
    this.heldBytes += bytes;
    BlockAssembly.heldByAll += bytes;
    this.drain();
    if (this.heldBytes > this.maxHeldBytes || BlockAssembly.heldByAll > MAX_HELD_BYTES_IN_PROCESS) this.abandon();
  }

  private drain(): void {
    for (let entry = this.held.get(this.hashedSlots); entry?.complete; entry = this.held.get(this.hashedSlots)) {
      for (const buffer of entry.buffers) {
        this.hash.update(buffer);
        this.heldBytes -= buffer.length;
        BlockAssembly.heldByAll -= buffer.length;
      }
      this.held.delete(this.hashedSlots);
      this.hashedBlockIds.push(entry.blockId);
      this.hashedSlots++;
    }
  }

  /** Drops the held bytes; the digest will not be offered (mkfile reads back). */
  abandon(): void {
    this.isAbandoned = true;
    this.held.clear();
    BlockAssembly.heldByAll -= this.heldBytes;
    this.heldBytes = 0;
  }

  /** Bytes held in memory, waiting for earlier blocks. */
  get bytesHeld(): number {
    return this.heldBytes;
  }

  /**
   * The SHA-256 (hex) of the blocks `blockIds` in that order, when they are exactly
   * the blocks hashed (slots 0 … n−1, nothing else); undefined otherwise. Releases
   * the held bytes: call once.
   */
  digestOf(blockIds: readonly string[]): string | undefined {
    const isExact = !this.isAbandoned && this.hashedBlockIds.length === blockIds.length && this.hashedBlockIds.every((id, i) => id === blockIds[i]);
    this.abandon();
    return isExact ? this.hash.digest('hex') : undefined;
  }
}

/** The key of an upload's spool object (under `blocks/<uploadId>`, removed with the blocks). */
export const spoolKeyOf = (uploadId: number) => `blocks/${uploadId}/spool`;

/** First byte of `slot` in the spool. */
export const slotStart = (slot: number) => slot * UPLOAD_CHUNK_SIZE_BYTES;

/** The slot holding spool byte `start` (inverse of slotStart). */
export const slotOf = (start: number) => Math.floor(start / UPLOAD_CHUNK_SIZE_BYTES);

/** An upload's assembly idle this long is forgotten (mkfile then reads back). */
const IDLE_MS = 3600_000;

const assemblies = new Map<number, Promise<BlockAssembly>>();

/**
 * The assembly of `uploadId` in this process, created on first use with the first
 * slot after those already used by the upload's stored blocks (`firstFreeSlot`, read
 * once: after a restart new blocks never overwrite old ones). Forgets idle ones.
 */
export function assemblyOf(uploadId: number, firstFreeSlot: () => Promise<number>): Promise<BlockAssembly> {
  let found = assemblies.get(uploadId);
  if (!found) {
    forgetIdle();
    found = firstFreeSlot().then((slot) => new BlockAssembly(slot, MAX_HELD_BYTES));
    assemblies.set(uploadId, found);
    found.catch(() => assemblies.delete(uploadId));
  }
  return found;
}

/** Removes and answers the assembly of `uploadId` (mkfile), if this process has one. */
export async function takeAssembly(uploadId: number): Promise<BlockAssembly | undefined> {
  const found = assemblies.get(uploadId);
  assemblies.delete(uploadId);
  return found?.catch(() => undefined);
}

function forgetIdle(now = Date.now()): void {
  for (const [uploadId, assembly] of assemblies) {
    void assembly.then(
      (a) => {
        if (now - a.touchedAt > IDLE_MS && assemblies.get(uploadId) === assembly) {
          a.abandon();
          assemblies.delete(uploadId);
        }
      },
      () => undefined,
    );
  }
}
