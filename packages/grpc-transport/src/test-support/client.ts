/**
 * A grpc-js client for tests: calls the served methods with protobuf-es messages, connecting
 * the way Terraform does (unix socket, TLS with ServerName "localhost", optional client cert).
 *
 * @internal
 * @packageDocumentation
 */
import * as grpc from "@grpc/grpc-js";
import {
  type DescMessage,
  type MessageInitShape,
  type MessageShape,
  create,
  fromBinary,
  toBinary,
} from "@bufbuild/protobuf";
import type { ListenAddress } from "../handshake.js";

/** How a test client authenticates. @internal */
export interface TestClientOptions {
  /** Server certificate PEM to trust (from the handshake); plaintext when absent. */
  readonly serverCertPem?: string;
  /** Client certificate and key; none = connect without a client certificate. */
  readonly clientCert?: { readonly certPem: string; readonly keyPem: string };
}

/** A connected test client. @internal */
export interface TestClient {
  unary<Req extends DescMessage, Res extends DescMessage>(
    path: string,
    reqSchema: Req,
    resSchema: Res,
    request: MessageInitShape<Req>,
  ): Promise<MessageShape<Res>>;
  raw(path: string, bytes: Uint8Array): Promise<Uint8Array>;
  close(): void;
}

/** Connects to a served address. @internal */
export function connect(listen: ListenAddress, options: TestClientOptions = {}): TestClient {
  const target = listen.network === "unix" ? `unix:${listen.address}` : listen.address;
  const credentials =
    options.serverCertPem === undefined
      ? grpc.credentials.createInsecure()
      : grpc.credentials.createSsl(
          Buffer.from(options.serverCertPem),
          options.clientCert ? Buffer.from(options.clientCert.keyPem) : null,
          options.clientCert ? Buffer.from(options.clientCert.certPem) : null,
        );
  const client = new grpc.Client(target, credentials, {
    "grpc.ssl_target_name_override": "localhost",
    "grpc.default_authority": "localhost",
    "grpc.max_receive_message_length": -1,
  });
  const raw = (path: string, bytes: Uint8Array): Promise<Uint8Array> =>
    new Promise((resolve, reject) => {
      client.makeUnaryRequest(
        path,
        (b: Uint8Array) => Buffer.from(b),
        (b: Buffer) => new Uint8Array(b),
        bytes,
        { deadline: Date.now() + 10_000 },
        (error, response) => (error ? reject(error) : resolve(response ?? new Uint8Array(0))),
      );
    });
  return {
    raw,
    async unary(path, reqSchema, resSchema, request) {
      const bytes = await raw(path, toBinary(reqSchema, create(reqSchema, request)));
      return fromBinary(resSchema, bytes);
    },
    close: () => client.close(),
  };
}
