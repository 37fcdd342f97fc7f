resource "slow_machine" "web" {
  name         = "web"
  boot_seconds = 5

  timeouts {
    create = "1s"
  }
}
