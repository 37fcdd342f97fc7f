output "weekday" {
  value = provider::time::rfc3339_parse("2026-01-15T10:00:00Z").weekday_name
}
