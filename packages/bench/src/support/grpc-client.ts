import * as grpc from "@grpc/grpc-js";
import type { CertPair } from "./certs.js";
import { pemFromHandshakeCert } from "./certs.js";
import type { Handshake } from "./plugin-process.js";

const identity = (b: Buffer): Buffer => b;
const MAX_MESSAGE = 256 << 20;

/**
 * Opens a grpc-js client to a plugin the way go-plugin does: the server's handshake certificate as
 * the only root, our certificate as the client certificate, server name `localhost`.
 *
 * @internal
 */
export async function connectPlugin(
  handshake: Handshake,
  client: CertPair | undefined,
): Promise<grpc.Client> {
  const target = handshake.network === "unix" ? `unix:${handshake.address}` : handshake.address;
  const creds =
    handshake.serverCert === ""
      ? grpc.credentials.createInsecure()
      : grpc.credentials.createSsl(
          Buffer.from(pemFromHandshakeCert(handshake.serverCert)),
          client ? Buffer.from(client.keyPem) : null,
          client ? Buffer.from(client.certPem) : null,
        );
  const c = new grpc.Client(target, creds, {
    "grpc.ssl_target_name_override": "localhost",
    "grpc.default_authority": "localhost",
    "grpc.max_receive_message_length": MAX_MESSAGE,
    "grpc.max_send_message_length": MAX_MESSAGE,
  });
  await new Promise<void>((resolve, reject) =>
    c.waitForReady(Date.now() + 10_000, (e) => (e ? reject(e) : resolve())),
  );
  return c;
}

/**
 * One unary call with raw protobuf bytes in and out.
 *
 * @internal
 */
export function unaryRaw(client: grpc.Client, path: string, request: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    client.makeUnaryRequest(path, identity, identity, Buffer.from(request), (err, res) => {
      if (err) reject(err);
      else resolve(res ?? Buffer.alloc(0));
    });
  });
}
