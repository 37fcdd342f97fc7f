output "seconds" {
  value = provider::time::duration_parse("1h30m").seconds
}
