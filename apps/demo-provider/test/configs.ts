/**
 * Configurations of the demo's real-CLI tests that @tfkit/testing's fake-core differential
 * (packages/testing/test/fake-core-demo-hcl*.test.ts) also runs, under both runners: one copy.
 */

/** lifecycle.test.ts: a network, a server on it with a volume, and an output calling the provider function. */
export const lifecycleConfig = (o: { description: string; image: string; size: number; cidr?: string }) => `
resource "demo_network" "app" {
  name = "app"
  cidr = "${o.cidr ?? "10.30.0.0/24"}"
}

resource "demo_server" "web" {
  name           = "web"
  description    = "${o.description}"
  image          = "${o.image}"
  admin_password = "s3cret"

  network_interface {
    network_id = demo_network.app.id
  }
}

resource "demo_volume" "data" {
  name      = "data"
  size      = ${o.size}
  server_id = demo_server.web.id
}

output "gateway" {
  value = provider::demo::cidr_host(demo_network.app.cidr, 1)
}
`;

/** implicit-objects.test.ts: a network and a server with the given `network_interface` blocks. */
export const implicitObjectsConfig = (interfaces: string) => `resource "demo_network" "app" {
  name = "app"
  cidr = "10.40.0.0/24"
}

resource "demo_server" "s" {
  name  = "s"
  image = "debian-12"
${interfaces}}
`;

/** upgrade.test.ts: the server the v0 and v1 state fixtures hold, configured for version 2. */
export const upgradeConfig = (enabled: string, description: string) => `resource "demo_network" "legacy" {
  name = "legacy"
  cidr = "10.20.0.0/24"
}

resource "demo_server" "legacy" {
  name        = "legacy"
  description = "${description}"
  image       = "debian-12"
  size        = "large"
  enabled     = "${enabled}"

  network_interface {
    network_id = demo_network.legacy.id
  }
}
`;

/** parallel.test.ts: how many of each resource {@link fiftyResourcesConfig} declares. */
export const FIFTY_COUNT = { network: 10, server: 20, volume: 20 };

/** parallel.test.ts: 50 resources, servers spread over the networks. */
export const fiftyResourcesConfig = `resource "demo_network" "n" {
  count = ${FIFTY_COUNT.network}
  name  = "n\${count.index}"
  cidr  = "10.\${count.index}.0.0/24"
}

resource "demo_server" "s" {
  count = ${FIFTY_COUNT.server}
  name  = "s\${count.index}"
  image = "debian-12"

  network_interface {
    network_id = demo_network.n[count.index % ${FIFTY_COUNT.network}].id
  }
}

resource "demo_volume" "v" {
  count = ${FIFTY_COUNT.volume}
  name  = "v\${count.index}"
  size  = 1
}
`;

/** faults.test.ts: two networks and two volumes, for faults aimed at one of them by name. */
export const twoOfEachConfig = `resource "demo_network" "n" {
  for_each = toset(["a", "b"])
  name     = each.key
  cidr     = each.key == "a" ? "10.50.0.0/24" : "10.51.0.0/24"
}

resource "demo_volume" "v" {
  for_each = toset(["a", "b"])
  name     = each.key
  size     = 1
}
`;
