# Thirty days after the time the resource is created.
resource "time_offset" "expiry" {
  offset_days = 30
}

output "expires" {
  value = time_offset.expiry.rfc3339
}
