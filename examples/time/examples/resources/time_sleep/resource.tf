# Waits 30 seconds after creation and 10 seconds before destruction.
resource "time_sleep" "settle" {
  create_duration  = "30s"
  destroy_duration = "10s"
}
