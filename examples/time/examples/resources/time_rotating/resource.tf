# Recreated by the first plan after 90 days have passed.
resource "time_rotating" "key" {
  rotation_days = 90
}
