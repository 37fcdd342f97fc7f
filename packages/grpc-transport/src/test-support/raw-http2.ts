/**
 * A raw HTTP/2 gRPC client for tests: sends hand-made length-prefixed frames (lying prefixes,
 * truncated or extra messages) that no gRPC library would send, and reads the status back.
 * Plaintext, to the served unix socket or loopback port only.
 *
 * @internal
 * @packageDocumentation
 */
import { type ClientHttp2Session, connect } from "node:http2";
import { connect as netConnect } from "node:net";
import type { ListenAddress } from "../handshake.js";

/** One gRPC message frame: compressed flag, 4-byte big-endian length prefix, then `body`. @internal */
export function grpcFrame(lengthPrefix: number, body: Uint8Array = new Uint8Array(0)): Buffer {
  const frame = Buffer.alloc(5 + body.byteLength);
  frame.writeUInt32BE(lengthPrefix, 1);
  frame.set(body, 5);
  return frame;
}

/** The status the server answered with. @internal */
export interface RawGrpcAnswer {
  readonly code: number | undefined;
  readonly message: string;
}

/**
 * Sends `bytes` as the request stream of `path`; with `endStream` false the request stays open
 * (a client that promised more bytes than it sent). @internal
 */
export function rawGrpcCall(
  listen: ListenAddress,
  path: string,
  bytes: Uint8Array,
  options: { endStream?: boolean; timeoutMs?: number } = {},
): Promise<RawGrpcAnswer> {
  if (listen.network === "tcp" && !/^(127\.0\.0\.1|\[::1\]|localhost):\d+$/.test(listen.address))
    throw new Error(`rawGrpcCall talks to loopback only, not ${listen.address}`);
  const session: ClientHttp2Session =
    listen.network === "unix"
      ? connect("http://localhost", { createConnection: () => netConnect(listen.address) })
      : connect(`http://${listen.address}`);
  return new Promise<RawGrpcAnswer>((resolve, reject) => {
    const fields: Record<string, unknown> = {};
    const timer = setTimeout(
      () => reject(new Error(`no grpc-status within ${options.timeoutMs ?? 10_000} ms`)),
      options.timeoutMs ?? 10_000,
    );
    const finish = (): void => {
      if (fields["grpc-status"] === undefined) return;
      clearTimeout(timer);
      resolve({
        code: Number(fields["grpc-status"]),
        message: decodeURIComponent(String(fields["grpc-message"] ?? "")),
      });
    };
    session.on("error", reject);
    const stream = session.request(
      { ":method": "POST", ":path": path, "content-type": "application/grpc", te: "trailers" },
      { endStream: false },
    );
    stream.on("error", reject);
    // A trailers-only answer carries the status in its headers; otherwise it is in the trailers.
    stream.on("response", (headers) => {
      Object.assign(fields, headers);
      finish();
    });
    stream.on("trailers", (trailers) => {
      Object.assign(fields, trailers);
      finish();
    });
    stream.on("data", () => {});
    stream.on("close", () => {
      if (fields["grpc-status"] === undefined) {
        clearTimeout(timer);
        reject(new Error(`stream closed without grpc-status (RST ${stream.rstCode})`));
      }
    });
    if (options.endStream ?? true) stream.end(bytes);
    else stream.write(bytes);
  }).finally(() => session.destroy());
}
