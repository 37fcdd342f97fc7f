import { defineFunction, FunctionArgumentError } from "@tfkit/provider";
import { t } from "@tfkit/schema";
import { cidrHost } from "./cidr.js";

/**
 * `provider::demo::cidr_host(prefix, hostnum)`: the address of a host in an IPv4 prefix, like
 * Terraform's built-in `cidrhost` (negative numbers count back from the end).
 * @category models
 */
export const cidrHostFunction = defineFunction({
  name: "cidr_host",
  summary: "The address of host number hostnum in an IPv4 prefix.",
  description: 'Like cidrhost: cidr_host("10.0.0.0/24", 5) is "10.0.0.5"; -1 is the last address.',
  parameters: [
    { name: "prefix", type: t.string, description: "An IPv4 prefix such as 10.0.0.0/24." },
    { name: "hostnum", type: t.int64, description: "The host number (negative: from the end)." },
  ],
  returns: t.string,
  run: ([prefix, hostnum]) => {
    try {
      return cidrHost(prefix, hostnum);
    } catch (error) {
      const message = (error as Error).message;
      throw new FunctionArgumentError(message.startsWith("invalid CIDR") ? 0 : 1, message);
    }
  },
});
