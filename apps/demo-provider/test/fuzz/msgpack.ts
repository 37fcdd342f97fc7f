/**
 * A raw msgpack tree and its encoder: the fuzz generators build values as trees (so that a
 * mutation can put any msgpack item anywhere, whatever the schema says) and encode them here,
 * independently of @tfkit/cty-values' own encoder.
 */

/** One msgpack item. `str` with `bytes` carries raw (possibly invalid UTF-8) string bytes. */
export type Node =
  | { readonly t: "nil" }
  | { readonly t: "bool"; readonly v: boolean }
  | { readonly t: "int"; readonly v: bigint }
  | { readonly t: "float"; readonly v: number; readonly f32?: boolean }
  | { readonly t: "str"; readonly v: string }
  | { readonly t: "rawstr"; readonly bytes: Uint8Array }
  | { readonly t: "bin"; readonly bytes: Uint8Array }
  | { readonly t: "arr"; readonly items: readonly Node[] }
  | { readonly t: "map"; readonly entries: readonly (readonly [Node, Node])[] }
  | { readonly t: "ext"; readonly type: number; readonly data: Uint8Array }
  /** Bytes spliced in as they are (a header that lies about what follows, a cut item). */
  | { readonly t: "raw"; readonly bytes: Uint8Array };

export const nil: Node = { t: "nil" };
export const str = (v: string): Node => ({ t: "str", v });
export const int = (v: number | bigint): Node => ({ t: "int", v: BigInt(v) });
export const arr = (items: readonly Node[]): Node => ({ t: "arr", items });
export const map = (entries: readonly (readonly [Node, Node])[]): Node => ({ t: "map", entries });
/** cty's plain unknown: fixext 1, type 0. */
export const unknown: Node = { t: "ext", type: 0, data: new Uint8Array([0]) };
/** cty's refined unknown: ext 12 holding a map of refinements. */
export const refined = (refinements: Node): Node => ({ t: "ext", type: 12, data: encode(refinements) });

class Writer {
  #buf = new Uint8Array(256);
  #len = 0;
  #room(n: number): void {
    if (this.#len + n <= this.#buf.length) return;
    let size = this.#buf.length * 2;
    while (size < this.#len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.#buf.subarray(0, this.#len));
    this.#buf = next;
  }
  byte(b: number): void {
    this.#room(1);
    this.#buf[this.#len++] = b & 0xff;
  }
  bytes(b: Uint8Array): void {
    this.#room(b.length);
    this.#buf.set(b, this.#len);
    this.#len += b.length;
  }
  uint(v: number | bigint, size: 1 | 2 | 4 | 8): void {
    let x = BigInt.asUintN(size * 8, BigInt(v));
    const out = new Uint8Array(size);
    for (let i = size - 1; i >= 0; i--) {
      out[i] = Number(x & 0xffn);
      x >>= 8n;
    }
    this.bytes(out);
  }
  result(): Uint8Array {
    return this.#buf.slice(0, this.#len);
  }
}

const utf8 = new TextEncoder();

function header(w: Writer, len: number, fix: [number, number] | undefined, codes: [number, number, number]) {
  if (fix !== undefined && len < fix[1]) w.byte(fix[0] | len);
  else if (len < 0x100 && codes[0] !== 0) {
    w.byte(codes[0]);
    w.uint(len, 1);
  } else if (len < 0x10000) {
    w.byte(codes[1]);
    w.uint(len, 2);
  } else {
    w.byte(codes[2]);
    w.uint(len, 4);
  }
}

function writeInt(w: Writer, v: bigint): void {
  if (v >= 0n && v < 128n) w.byte(Number(v));
  else if (v < 0n && v >= -32n) w.byte(Number(v) & 0xff);
  else if (v >= 0n) {
    const size = v < 0x100n ? 1 : v < 0x10000n ? 2 : v < 0x100000000n ? 4 : 8;
    w.byte({ 1: 0xcc, 2: 0xcd, 4: 0xce, 8: 0xcf }[size] as number);
    w.uint(v, size);
  } else {
    const size = v >= -0x80n ? 1 : v >= -0x8000n ? 2 : v >= -0x80000000n ? 4 : 8;
    w.byte({ 1: 0xd0, 2: 0xd1, 4: 0xd2, 8: 0xd3 }[size] as number);
    w.uint(v, size);
  }
}

function write(w: Writer, n: Node): void {
  switch (n.t) {
    case "nil":
      w.byte(0xc0);
      break;
    case "bool":
      w.byte(n.v ? 0xc3 : 0xc2);
      break;
    case "int":
      writeInt(w, n.v);
      break;
    case "float": {
      const dv = new DataView(new ArrayBuffer(n.f32 ? 4 : 8));
      if (n.f32) dv.setFloat32(0, n.v);
      else dv.setFloat64(0, n.v);
      w.byte(n.f32 ? 0xca : 0xcb);
      w.bytes(new Uint8Array(dv.buffer));
      break;
    }
    case "str":
    case "rawstr": {
      const b = n.t === "str" ? utf8.encode(n.v) : n.bytes;
      header(w, b.length, [0xa0, 32], [0xd9, 0xda, 0xdb]);
      w.bytes(b);
      break;
    }
    case "bin":
      header(w, n.bytes.length, undefined, [0xc4, 0xc5, 0xc6]);
      w.bytes(n.bytes);
      break;
    case "arr":
      header(w, n.items.length, [0x90, 16], [0, 0xdc, 0xdd]);
      for (const item of n.items) write(w, item);
      break;
    case "map":
      header(w, n.entries.length, [0x80, 16], [0, 0xde, 0xdf]);
      for (const [k, v] of n.entries) {
        write(w, k);
        write(w, v);
      }
      break;
    case "ext": {
      const len = n.data.length;
      const fixCode = ({ 1: 0xd4, 2: 0xd5, 4: 0xd6, 8: 0xd7, 16: 0xd8 } as Record<number, number>)[len];
      if (fixCode !== undefined) w.byte(fixCode);
      else header(w, len, undefined, [0xc7, 0xc8, 0xc9]);
      w.byte(n.type);
      w.bytes(n.data);
      break;
    }
    case "raw":
      w.bytes(n.bytes);
      break;
  }
}

/** Encodes a tree as msgpack. */
export function encode(n: Node): Uint8Array {
  const w = new Writer();
  write(w, n);
  return w.result();
}

/** Every node of a tree, pre-order, with a function that rebuilds the tree with it replaced. */
export function nodesOf(root: Node): { node: Node; replace: (by: Node) => Node; where: string }[] {
  const out: { node: Node; replace: (by: Node) => Node; where: string }[] = [];
  const visit = (n: Node, rebuild: (by: Node) => Node, where: string, depth: number) => {
    out.push({ node: n, replace: rebuild, where });
    if (depth > 40) return;
    if (n.t === "arr") {
      n.items.forEach((item, i) => {
        visit(
          item,
          (by) => rebuild(arr(n.items.map((x, j) => (j === i ? by : x)))),
          `${where}[${i}]`,
          depth + 1,
        );
      });
    } else if (n.t === "map") {
      n.entries.forEach(([k, v], i) => {
        const key = k.t === "str" ? `.${k.v}` : `[key ${i}]`;
        visit(
          v,
          (by) => rebuild(map(n.entries.map((e, j) => (j === i ? ([e[0], by] as const) : e)))),
          `${where}${key}`,
          depth + 1,
        );
      });
    }
  };
  visit(root, (by) => by, "", 0);
  return out;
}
