import type {
  CallContext,
  UpgradeResourceStateRequest,
  UpgradeResourceStateResponse,
} from "@tfkit/grpc-transport";
import type { Diagnostic } from "@tfkit/schema";
import { upgradeResourceState } from "@tfkit/upgrade";
import { isProviderError } from "../../errors.js";
import type { AnyResource } from "../resource-types.js";
import { wire } from "../runtime.js";
import { encodeValue, hookFailed } from "../steps.js";

/**
 * @internal UpgradeResourceState: `@tfkit/upgrade` does every step (decode the stored JSON with
 * the prior schema, run the upgraders, null write-only values, check the result); an upgrader's
 * `ProviderError` keeps its summary, detail and path.
 */
export async function upgradeResourceStateRpc(
  res: AnyResource,
  req: UpgradeResourceStateRequest,
  call: CallContext,
): Promise<UpgradeResourceStateResponse> {
  const { schema, typeName } = res;
  const up = res.definition.upgradeState;
  const result = await upgradeResourceState({
    schema,
    rawState: req.rawState,
    version: req.version,
    upgraders: up?.upgraders,
    steps: up?.steps,
    typeName,
    describeError: (e): Diagnostic | undefined =>
      isProviderError(e) ? hookFailed("upgradeState", typeName, e, call.logger) : undefined,
  });
  const diagnostics = wire(result.diagnostics, schema.type);
  if (result.upgradedState === undefined) return { diagnostics };
  return { upgradedState: encodeValue(result.upgradedState, schema.type), diagnostics };
}
