/**
 * End to end with the real terraform: a `cidr` that is unknown when Terraform first validates
 * the configuration (it comes from a data source, read during planning) is still refused on the
 * attribute before anything is created, because core validates the resource again with the
 * values it knows once it plans it. Nothing reaches the cloud.
 */
import { expect, it } from "vitest";
import { describeTerraform, E2E_TIMEOUT, Workdir } from "../../test/harness.js";

describeTerraform("demo_network.cidr known only at plan time", () => {
  it(
    "a bad prefix from a data source fails the plan on cidr; nothing is created",
    async () => {
      const w = await Workdir.create("cidr-plan-time");
      // The built-in network is 192.168.0.0/16: the expression makes a /30, too small for servers.
      w.config(`data "demo_network" "default" {
  name = "default"
}

resource "demo_network" "small" {
  name = "small"
  cidr = replace(data.demo_network.default.cidr, "/16", "/30")
}
`);
      // \`terraform validate\` cannot know the value: the validator is skipped, validation passes.
      const validated = await w.tf(["validate"]);
      expect(validated.code, validated.output).toBe(0);

      const planned = await w.tf(["apply", "-auto-approve"]);
      const output = planned.output.replace(/\s+/g, " ");
      expect(planned.code, planned.output).toBe(1);
      expect(output).toContain("Error: Invalid Attribute Value");
      expect(output).toContain("the prefix 192.168.0.0/30 is too small for a network");
      // Attached to the attribute: terraform quotes its line.
      expect(output).toContain('cidr = replace(data.demo_network.default.cidr, "/16", "/30")');
      expect(output).not.toContain("Unexpected error");
      expect(w.objects("network")).toEqual([]);
    },
    E2E_TIMEOUT,
  );
});
