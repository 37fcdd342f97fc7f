resource "demo_server" "web" {
  name           = "web"
  description    = "serves the app"
  image          = "debian-12"
  size           = "medium"
  admin_password = "correct-horse-battery-staple"

  network_interface {
    network_id = demo_network.app.id
  }
}

# No interface configured: the cloud attaches a default one, listed in all_interfaces.
resource "demo_server" "worker" {
  name  = "worker"
  image = "alpine-3.20"
  port  = 9090
}
