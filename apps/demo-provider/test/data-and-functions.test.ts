/**
 * The data sources and the provider function under real terraform: `demo_images` filters the
 * catalog, `demo_network` finds the built-in network and one Terraform created, and
 * `provider::demo::cidr_host` agrees with Terraform's own `cidrhost` and blames the right
 * argument when it fails.
 */
import { expect, it } from "vitest";
import { describeTerraform, E2E_TIMEOUT, Workdir } from "./harness.js";

describeTerraform("demo provider: data sources and cidr_host", () => {
  it(
    "data sources read at plan time; the function matches cidrhost",
    async () => {
      const w = await Workdir.create("data-functions");
      w.config(`data "demo_images" "linux" {
  name_prefix = "ubuntu"
}

data "demo_images" "all" {}

data "demo_network" "default" {
  name = "default"
}

output "ubuntu" {
  value = data.demo_images.linux.names
}

output "image_count" {
  value = length(data.demo_images.all.images)
}

output "default_network" {
  value = data.demo_network.default
}

output "hosts" {
  value = [for n in [0, 1, 255, -1] : provider::demo::cidr_host("10.9.0.0/24", n) == cidrhost("10.9.0.0/24", n)]
}
`);
      await w.ok(["apply", "-auto-approve"]);
      const outputs = (await w.state()).values?.outputs ?? {};
      expect(outputs.ubuntu?.value).toEqual(["ubuntu-24.04"]);
      expect(outputs.image_count?.value).toBe(4);
      expect(outputs.default_network?.value).toEqual({
        id: "net-default",
        name: "default",
        cidr: "192.168.0.0/16",
      });
      expect(outputs.hosts?.value).toEqual([true, true, true, true]);
    },
    E2E_TIMEOUT,
  );

  it(
    "a network created by Terraform is found by name; a missing one is an error on name",
    async () => {
      const w = await Workdir.create("data-lookup");
      w.config(`resource "demo_network" "app" {
  name = "app"
  cidr = "10.8.0.0/24"
}
`);
      await w.ok(["apply", "-auto-approve"]);
      w.config(`resource "demo_network" "app" {
  name = "app"
  cidr = "10.8.0.0/24"
}

data "demo_network" "app" {
  name = "app"
}

output "found" {
  value = data.demo_network.app.id == demo_network.app.id
}
`);
      await w.ok(["apply", "-auto-approve"]);
      expect((await w.state()).values?.outputs?.found?.value).toBe(true);

      w.config(`data "demo_network" "missing" {\n  name = "nope"\n}\n`);
      const failed = await w.tf(["plan"]);
      expect(failed.code).toBe(1);
      expect(failed.output).toContain('No network named "nope"');
    },
    E2E_TIMEOUT,
  );

  it(
    "cidr_host errors name the argument at fault",
    async () => {
      const w = await Workdir.create("function-errors");
      w.config(`output "bad_host" {\n  value = provider::demo::cidr_host("10.0.0.0/30", 4)\n}\n`);
      const badHost = await w.tf(["plan"]);
      expect(badHost.code).toBe(1);
      // terraform wraps long lines: compare with whitespace collapsed.
      expect(badHost.output.replace(/\s+/g, " ")).toContain(
        'Invalid value for "hostnum" parameter: prefix of 30 does not accommodate a host numbered 4',
      );

      w.config(`output "bad_prefix" {\n  value = provider::demo::cidr_host("10.0.0.0", 1)\n}\n`);
      const badPrefix = await w.tf(["plan"]);
      expect(badPrefix.code).toBe(1);
      expect(badPrefix.output.replace(/\s+/g, " ")).toContain(
        'Invalid value for "prefix" parameter: invalid CIDR address: 10.0.0.0',
      );
    },
    E2E_TIMEOUT,
  );
});
