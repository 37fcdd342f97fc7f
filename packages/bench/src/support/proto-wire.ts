/**
 * A minimal protobuf wire writer for the few request messages the benchmarks send.
 *
 * @remarks The bench talks to providers as terraform does, over raw gRPC with hand-encoded
 * messages, so it measures the transport and not a second protobuf runtime in the client.
 * @internal
 */
export class ProtoWriter {
  private readonly chunks: Uint8Array[] = [];

  /** Appends a varint-encoded unsigned integer. */
  private varint(value: number): void {
    const bytes: number[] = [];
    let v = value;
    while (v > 0x7f) {
      bytes.push((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    bytes.push(v);
    this.chunks.push(Uint8Array.from(bytes));
  }

  /** Writes a length-delimited field (wire type 2). */
  bytes(field: number, value: Uint8Array): this {
    this.varint((field << 3) | 2);
    this.varint(value.length);
    this.chunks.push(value);
    return this;
  }

  /** Writes a UTF-8 string field. */
  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  /** Writes an embedded message field. */
  message(field: number, inner: ProtoWriter): this {
    return this.bytes(field, inner.finish());
  }

  /** Concatenates everything written so far. */
  finish(): Uint8Array {
    const total = this.chunks.reduce((n, c) => n + c.length, 0);
    const out = new Uint8Array(total);
    let offset = 0;
    for (const c of this.chunks) {
      out.set(c, offset);
      offset += c.length;
    }
    return out;
  }
}

/**
 * Encodes `tfplugin6.DynamicValue{msgpack=1}`.
 *
 * @internal
 */
export function dynamicValue(msgpack: Uint8Array): ProtoWriter {
  return new ProtoWriter().bytes(1, msgpack);
}

/**
 * Encodes `tfplugin6.PlanResourceChange.Request` (type_name=1, prior_state=2,
 * proposed_new_state=3, config=4, prior_private=5).
 *
 * @internal
 */
export function planResourceChangeRequest(req: {
  typeName: string;
  priorState: Uint8Array;
  proposedNewState: Uint8Array;
  config: Uint8Array;
  priorPrivate?: Uint8Array;
}): Uint8Array {
  const w = new ProtoWriter()
    .string(1, req.typeName)
    .message(2, dynamicValue(req.priorState))
    .message(3, dynamicValue(req.proposedNewState))
    .message(4, dynamicValue(req.config));
  if (req.priorPrivate) w.bytes(5, req.priorPrivate);
  return w.finish();
}
