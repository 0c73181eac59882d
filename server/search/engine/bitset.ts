/**
 * Fixed-size bitsets over record slots (`Uint32Array`, 32 slots a word). Filters evaluate to
 * bitsets; AND/OR/NOT are word operations, so a filter costs O(n/32) plus the postings it reads.
 */
export type Bitset = Uint32Array;

/** An empty bitset for `size` slots. */
export const emptyBitset = (size: number): Bitset => new Uint32Array((size + 31) >>> 5);

/** A bitset with every slot below `size` set. */
export function fullBitset(size: number): Bitset {
  const bits = emptyBitset(size);
  bits.fill(0xffffffff);
  trimTail(bits, size);
  return bits;
}

function trimTail(bits: Bitset, size: number): void {
  const rest = size & 31;
  if (rest !== 0 && bits.length > 0)
    bits[bits.length - 1] = (bits[bits.length - 1] as number) & ((1 << rest) - 1);
}

/** Sets the slots listed in `slots[from..to)`. */
export function setSlots(bits: Bitset, slots: ArrayLike<number>, from = 0, to = slots.length): void {
  for (let i = from; i < to; i++) {
    const slot = slots[i] as number;
    bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
  }
}

/** `target &= other`. */
export function andInto(target: Bitset, other: Bitset): void {
  for (let i = 0; i < target.length; i++) target[i] = (target[i] as number) & (other[i] as number);
}

/** `target |= other`. */
export function orInto(target: Bitset, other: Bitset): void {
  for (let i = 0; i < target.length; i++) target[i] = (target[i] as number) | (other[i] as number);
}

/** Complements in place, keeping slots at or above `size` clear. */
export function invert(bits: Bitset, size: number): void {
  for (let i = 0; i < bits.length; i++) bits[i] = ~(bits[i] as number);
  trimTail(bits, size);
}

/** Whether a slot is set. */
export const hasSlot = (bits: Bitset, slot: number): boolean =>
  ((bits[slot >>> 5] as number) & (1 << (slot & 31))) !== 0;

/** Number of set slots. */
export function popcount(bits: Bitset): number {
  let total = 0;
  for (let i = 0; i < bits.length; i++) {
    let v = bits[i] as number;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

/** The set slots in ascending order. */
export function toSlots(bits: Bitset): Int32Array {
  const out = new Int32Array(popcount(bits));
  let k = 0;
  for (let i = 0; i < bits.length; i++) {
    let word = bits[i] as number;
    while (word !== 0) {
      const low = word & -word;
      out[k++] = (i << 5) + (31 - Math.clz32(low));
      word ^= low;
    }
  }
  return out;
}
