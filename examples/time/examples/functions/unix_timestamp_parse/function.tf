output "date" {
  value = provider::time::unix_timestamp_parse(1768471200).rfc3339
}
