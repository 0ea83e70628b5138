/**
 * A consistent read of a live SQLite database in WAL mode without SQLite's own file locking: the main file's
 * bytes with the committed frames of its `-wal` file laid over them (the SQLite file format's WAL section:
 * a 32-byte header — magic, version, page size, checkpoint, salts, checksum — then frames of a 24-byte
 * header and one page; a frame counts when its salts match the header's and the running checksum holds, and
 * only up to the last commit frame). The result is marked as a rollback-journal database, so sql.js (which
 * has no shared memory for a WAL index) opens it as a plain file. Pure: bytes in, bytes out.
 */
const u32 = (b: Uint8Array, o: number) =>
  ((b[o] as number) * 0x1000000 +
    ((b[o + 1] as number) << 16) +
    ((b[o + 2] as number) << 8) +
    (b[o + 3] as number)) >>>
  0;

function checksum(
  b: Uint8Array,
  from: number,
  to: number,
  s: [number, number],
  bigEndian: boolean,
): [number, number] {
  let [s0, s1] = s;
  const word = (o: number) =>
    bigEndian
      ? u32(b, o)
      : ((b[o + 3] as number) * 0x1000000 +
          ((b[o + 2] as number) << 16) +
          ((b[o + 1] as number) << 8) +
          (b[o] as number)) >>>
        0;
  for (let o = from; o < to; o += 8) {
    s0 = (s0 + word(o) + s1) >>> 0;
    s1 = (s1 + word(o + 4) + s0) >>> 0;
  }
  return [s0, s1];
}

export function withWal(db: Uint8Array, wal: Uint8Array | undefined): Uint8Array {
  let image = Uint8Array.from(db);
  if (wal && wal.length >= 32) {
    const magic = u32(wal, 0);
    const pageSize = u32(wal, 8);
    if ((magic === 0x377f0682 || magic === 0x377f0683) && pageSize >= 512) {
      const bigEndian = magic === 0x377f0683;
      const salt = [u32(wal, 16), u32(wal, 20)];
      let s = checksum(wal, 0, 24, [0, 0], bigEndian);
      if (s[0] === u32(wal, 24) && s[1] === u32(wal, 28)) {
        const pages = new Map<number, Uint8Array>();
        let committed = new Map<number, Uint8Array>();
        let size = 0;
        for (let o = 32; o + 24 + pageSize <= wal.length; o += 24 + pageSize) {
          if (u32(wal, o + 8) !== salt[0] || u32(wal, o + 12) !== salt[1]) break;
          s = checksum(wal, o, o + 8, s, bigEndian);
          s = checksum(wal, o + 24, o + 24 + pageSize, s, bigEndian);
          if (s[0] !== u32(wal, o + 16) || s[1] !== u32(wal, o + 20)) break;
          pages.set(u32(wal, o), wal.subarray(o + 24, o + 24 + pageSize));
          const commitSize = u32(wal, o + 4);
          if (commitSize > 0) {
            committed = new Map(pages);
            size = commitSize;
          }
        }
        if (size > 0) {
          const next = new Uint8Array(size * pageSize);
          next.set(image.subarray(0, Math.min(image.length, next.length)));
          for (const [n, page] of committed) if (n >= 1 && n <= size) next.set(page, (n - 1) * pageSize);
          image = next;
        }
      }
    }
  }
  // File format versions 2/2 (WAL) → 1/1 (rollback journal): opened without a WAL index.
  if (image.length >= 100 && image[18] === 2) {
    image[18] = 1;
    image[19] = 1;
  }
  return image;
}
