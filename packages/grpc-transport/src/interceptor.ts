/**
 * The grpc-js server interceptor every call passes through: request framing errors become
 * statuses that say what is wrong (and are logged), and the size of each call's largest message
 * is reported when the call ends (for {@link MemoryReleaser}).
 *
 * What grpc-js does on its own (1.14): a length prefix above `grpc.max_receive_message_length`
 * is answered `RESOURCE_EXHAUSTED` "Received message larger than max (N vs M)" by its stream
 * decoder (`BaseServerInterceptingCall.handleDataFrame`), below every interceptor and before any
 * handler — what grpc-go answers too. But a request stream that ends before a whole
 * message has arrived (a prefix that promises more bytes than are sent, or no message at all),
 * or that carries a second message to a method taking one, gets `UNIMPLEMENTED` ("Received no
 * request message for server streaming method …"), which reads as a missing method. Those are
 * malformed requests: this interceptor answers them `INVALID_ARGUMENT` instead, like a request
 * whose protobuf does not decode.
 *
 * @internal
 * @packageDocumentation
 */
import type * as grpc from "@grpc/grpc-js";
import type { Logger } from "./logger.js";
import type { MemoryReleaser } from "./memory.js";

/** What the interceptor needs from the loaded grpc-js. @internal */
export interface InterceptorOptions {
  readonly grpc: Pick<typeof grpc, "ServerInterceptingCall" | "status">;
  readonly logger: Logger;
  readonly memory: MemoryReleaser;
}

function byteLength(message: unknown): number {
  return message instanceof Uint8Array ? message.byteLength : 0;
}

/** The transport's server interceptor. @internal */
export function transportInterceptor(options: InterceptorOptions): grpc.ServerInterceptor {
  const { ServerInterceptingCall, status } = options.grpc;
  const { logger, memory } = options;
  return (method, next) => {
    const oneRequest = !method.requestStream;
    let received = 0;
    let largest = 0;
    let answered = false;
    // Reported twice for a normal call (the releaser waits for the last report): when the status
    // is sent, which for a unary answer is once its message has been handed to the stream, and
    // when grpc-js ends the call (after the trailers, or when the stream closes or is cancelled).
    const end = (): void => memory.callEnded(largest);
    const refuse = (details: string): void => {
      answered = true;
      logger.error("refused a malformed request", { grpc_method: method.path, grpc_message: details });
      call.sendStatus({ code: status.INVALID_ARGUMENT, details, metadata: null });
    };
    const call: grpc.ServerInterceptingCall = new ServerInterceptingCall(next, {
      start: (startNext) =>
        startNext({
          onReceiveMessage: (message, messageNext) => {
            if (answered) return;
            received++;
            largest = Math.max(largest, byteLength(message));
            if (oneRequest && received > 1) {
              refuse(
                `${method.path} takes one request message but received a second one (a length prefix shorter than its message?)`,
              );
              return;
            }
            messageNext(message);
          },
          onReceiveHalfClose: (halfCloseNext) => {
            if (answered) return;
            if (oneRequest && received === 0) {
              refuse(
                `${method.path}: the request ended before a whole message arrived (a length prefix larger than the bytes that followed it, or no message at all)`,
              );
              return;
            }
            halfCloseNext();
          },
          onCancel: end,
        }),
      sendMessage: (message, messageNext) => {
        largest = Math.max(largest, byteLength(message));
        messageNext(message);
      },
      sendStatus: (statusObject, statusNext) => {
        answered = true;
        statusNext(statusObject);
        end();
      },
    });
    return call;
  };
}
