terraform {
  required_providers {
    tfkite2e = { source = "example.test/tfkit/tfkite2e" }
  }
}
resource "tfkite2e_thing" "x" {
  name     = "web2"
  size     = 2000000
  ports    = ["80", "8080", "9090"]
  script   = "single"
  cfg      = { x = "a" }
  meta     = { a = "x", b = 2 }
  disks    = [{ size_gb = 10 }]
  labels   = { k2 = { v = "two!" } }
  network_interface {
    subnet = "a"
  }
  network_interface {
    subnet = "z"
  }
  rule {
    port = 80
  }
}
