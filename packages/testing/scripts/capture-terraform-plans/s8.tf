terraform {
  required_providers {
    tfkite2e = { source = "example.test/tfkit/tfkite2e" }
  }
}
resource "terraform_data" "u" {
  input = "x"
}
resource "tfkite2e_thing" "x" {
  name     = "web"
  args     = [terraform_data.u.id, "b"]
  tags     = { a = terraform_data.u.id, b = "c" }
  script   = jsonencode({ a = 1, b = [true, "x"] })
  cfg      = { x = terraform_data.u.id }
  disks    = [{ size_gb = 1 }]
  labels   = { k = { v = terraform_data.u.id } }
  network_interface {
    subnet = terraform_data.u.id
  }
}
