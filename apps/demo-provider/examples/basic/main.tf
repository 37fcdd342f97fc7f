# A first configuration for terraform-provider-demo: a network, two servers with interfaces,
# a volume, both data sources and the provider function. Run it with `npm start` from the
# repository root (it builds the provider and points Terraform at it through dev_overrides;
# no `terraform init`).
terraform {
  required_providers {
    demo = {
      source = "example.test/tfkit/demo"
    }
  }
}

# The demo cloud keeps its objects in a JSON file (default: .demo-cloud.json here, or
# TFKIT_DEMO_STORE).
provider "demo" {}

data "demo_images" "linux" {
  name_prefix = "debian"
}

data "demo_network" "default" {
  name = "default"
}

resource "demo_network" "app" {
  name = "app"
  cidr = "10.10.0.0/24"
}

# Two interfaces: on the app network and on the cloud's built-in default network.
resource "demo_server" "web" {
  name           = "web"
  description    = "serves the app"
  image          = data.demo_images.linux.names[0]
  size           = "medium"
  admin_password = "correct-horse-battery-staple"

  network_interface {
    network_id = demo_network.app.id
  }
  network_interface {
    network_id = data.demo_network.default.id
  }
}

# No interface configured: the cloud attaches a default one, listed in all_interfaces.
resource "demo_server" "worker" {
  name  = "worker"
  image = "alpine-3.20"
  port  = 9090
}

resource "demo_volume" "data" {
  name      = "data"
  size      = 10
  server_id = demo_server.web.id
}

output "web_addresses" {
  value = demo_server.web.all_interfaces[*].ip
}

output "worker_default_interface" {
  value = demo_server.worker.all_interfaces[0]
}

output "gateway" {
  value = provider::demo::cidr_host(demo_network.app.cidr, 1)
}
