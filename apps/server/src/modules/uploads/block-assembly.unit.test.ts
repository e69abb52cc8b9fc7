import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BlockAssembly } from './block-assembly.js';

const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest('hex');

describe('BlockAssembly: SHA-256 of blocks hashed in slot order as they arrive (decision 0142)', () => {
  it('gives the SHA-256 of the whole file whatever order the blocks complete in', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }).chain((n) => fc.tuple(fc.constant(n), fc.shuffledSubarray([...Array(n).keys()], { minLength: n }))),
        ([n, order]) => {
          const blocks = Array.from({ length: n }, (_, i) => randomBytes(100 + i));
          const assembly = new BlockAssembly(0, 1 << 20);
          const slots = blocks.map(() => assembly.allocateSlot());
          for (const i of order) {
            // each block in two chunks, the second completing it
            assembly.received(slots[i]!, `b${i}`, [blocks[i]!.subarray(0, 50)], false);
            assembly.received(slots[i]!, `b${i}`, [blocks[i]!.subarray(50)], true);
          }
          expect(assembly.bytesHeld).toBe(0);
          expect(assembly.digestOf(blocks.map((_, i) => `b${i}`))).toBe(sha256(...blocks));
        },
      ),
    );
  });

  it('holds a block that completes before an earlier one, and offers no digest for another list of blocks', () => {
    const [a, b, c] = [randomBytes(64), randomBytes(64), randomBytes(10)];
    const arrive = () => {
      const assembly = new BlockAssembly(0, 1 << 20);
      const [sa, sb, sc] = [assembly.allocateSlot(), assembly.allocateSlot(), assembly.allocateSlot()];
      assembly.received(sc, 'c', [c], true);
      assembly.received(sb, 'b', [b], true);
      expect(assembly.bytesHeld).toBe(74);
      assembly.received(sa, 'a', [a], true);
      expect(assembly.bytesHeld).toBe(0);
      return assembly;
    };
    expect(arrive().digestOf(['a', 'c', 'b'])).toBeUndefined();
    expect(arrive().digestOf(['a', 'b'])).toBeUndefined();
    const assembly = arrive();
    expect(assembly.digestOf(['a', 'b', 'c'])).toBe(sha256(a, b, c));
    expect(assembly.digestOf(['a', 'b', 'c'])).toBeUndefined(); // once only
  });

  it('starts at the first free slot and gives up (no digest, nothing held) past its byte limit', () => {
    const assembly = new BlockAssembly(3, 100);
    expect(assembly.allocateSlot()).toBe(3);
    const later = assembly.allocateSlot();
    assembly.received(later, 'later', [randomBytes(101)], true);
    expect(assembly.bytesHeld).toBe(0);
    assembly.received(3, 'first', [randomBytes(10)], true);
    expect(assembly.digestOf(['first', 'later'])).toBeUndefined();
  });

  it('gives up on the upload that would make the process hold more than 64 MiB, not on the others', () => {
    const big = Buffer.alloc(40 * 1024 * 1024, 1);
    const [first, second] = [new BlockAssembly(0, 1 << 30), new BlockAssembly(0, 1 << 30)];
    const [f0, f1] = [first.allocateSlot(), first.allocateSlot()];
    const [s0, s1] = [second.allocateSlot(), second.allocateSlot()];
    first.received(f1, 'f1', [big], true);
    second.received(s1, 's1', [big], true);
    expect(first.bytesHeld).toBe(big.length);
    expect(second.bytesHeld).toBe(0);
    first.received(f0, 'f0', [Buffer.from('a')], true);
    second.received(s0, 's0', [Buffer.from('a')], true);
    expect(first.digestOf(['f0', 'f1'])).toBe(sha256(Buffer.from('a'), big));
    expect(second.digestOf(['s0', 's1'])).toBeUndefined();
  });
});
